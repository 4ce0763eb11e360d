/** The demo accounts the server seeds on first start (README: demo accounts); every one has the admin password. */
export const DEMO = { admin: 'admin@parley.dev', viewer: 'viewer@parley.dev', password: 'parley-admin' } as const;

/** Element tests reach the real server at /api on the test page's own origin (test-support/parley-server.mjs). */
export const API_BASE = '/api';

/** Signs in through the real API, as the console's login screen does, and returns the session token. */
export async function signIn(email: string = DEMO.admin): Promise<string> {
  const body = new URLSearchParams({ email, password: DEMO.password, captcha: 'any', captchaId: 'any' });
  const res = await fetch(`${API_BASE}/account/enterprise/login/twoFactorAuth`, { method: 'POST', body });
  const envelope = (await res.json()) as { status: boolean; message: string; data: { token: string } };
  if (!envelope.status) throw new Error(`sign-in failed for ${email}: ${envelope.message}`);
  return envelope.data.token;
}

/** Waits until `check` returns a truthy value (polling every 50 ms), or fails after `timeoutMs`. */
export async function until<T>(check: () => T | Promise<T>, what: string, timeoutMs = 4000): Promise<NonNullable<T>> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
