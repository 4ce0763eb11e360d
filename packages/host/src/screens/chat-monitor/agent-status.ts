/** Agent availability in words (get_agent_status: online 1, away 2, offline 0). */
export const STATUS_NAMES: Record<number, string> = { 0: 'Offline', 1: 'Online', 2: 'Away' };
