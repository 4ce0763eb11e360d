/**
 * A configuration screen's unsaved values, carried in the designer's navigation state across a visit to the
 * integration form and back. The screen unmounts while the form is open, so its own state cannot keep them; the
 * designer's navigation state lives above both screens, and the next navigation without it drops the draft.
 */
export interface KeptDraft<T = unknown> {
  draft: { key: string; values: T };
}

export const keepDraft = <T>(key: string, values: T): KeptDraft<T> => ({ draft: { key, values } });

/** The values kept under `key`, when the navigation that brought the screen here carried them. */
export function keptDraft<T>(navState: unknown, key: string): T | undefined {
  const kept = (navState as Partial<KeptDraft<T>> | null | undefined)?.draft;
  return kept && typeof kept === 'object' && kept.key === key ? kept.values : undefined;
}
