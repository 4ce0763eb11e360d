/** Where a dragged row was dropped: before or after the row with this key. */
export interface DropPlace {
  key: string;
  position: 'before' | 'after';
}

/** Custom rows go between custom rows, or right under the last built-in (the top of the custom rows). */
export const canDropAt = (custom: readonly string[], builtIns: readonly string[], at: DropPlace) =>
  custom.includes(at.key) || (at.key === builtIns.at(-1) && at.position === 'after');

/**
 * A custom row dropped at `at`, as the reorder call's indexes among the custom rows (`to` is where it ends up, as the
 * up/down buttons send it); null where it may not go.
 */
export function reorderMove(custom: readonly string[], builtIns: readonly string[], moved: string, at: DropPlace): { from: number; to: number } | null {
  const from = custom.indexOf(moved);
  if (from < 0 || !canDropAt(custom, builtIns, at)) return null;
  const target = custom.indexOf(at.key);
  if (target < 0) return { from, to: 0 };
  if (at.position === 'after' && from > target) return { from, to: target + 1 };
  if (at.position === 'before' && from < target) return { from, to: target - 1 };
  return { from, to: target };
}
