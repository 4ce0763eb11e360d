import type { accountApi } from '@parley/sdk/contract/account';

let loading: Promise<typeof accountApi> | undefined;

/**
 * The account contract, whose zod schemas validate the sign-in forms with the server's own texts. It loads after the
 * first paint (the screen prefetches it on mount) and a submit awaits it; a failed load is retried on the next call.
 */
export function accountContract(): Promise<typeof accountApi> {
  loading ??= import('@parley/sdk/contract/account').then(
    (m) => m.accountApi,
    (e: unknown) => {
      loading = undefined;
      throw e;
    },
  );
  return loading;
}
