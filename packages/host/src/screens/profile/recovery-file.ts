/** The text file of recovery codes: who they are for, when they were made, and that each works once. */
export function recoveryFileText(codes: readonly string[], account: string, madeAt: Date): string {
  return [
    `Parley recovery codes for ${account}`,
    `Generated ${madeAt.toISOString().slice(0, 10)}. Each code signs you in once; keep them somewhere safe.`,
    '',
    ...codes,
    '',
  ].join('\n');
}

export const RECOVERY_FILE_NAME = 'parley-recovery-codes.txt';
