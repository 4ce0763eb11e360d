/** Elapsed time as platform-shell 9 shows it: seconds, minutes and seconds, or hours, minutes and seconds. */
export function elapsed(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m ${s % 60}s`;
  return `${Math.floor(s / 3600)}h ${Math.floor((s % 3600) / 60)}m ${s % 60}s`;
}

/** Seconds from an ISO instant to `now`. */
export const secondsSince = (iso: string, now: number) => (now - Date.parse(iso)) / 1000;
