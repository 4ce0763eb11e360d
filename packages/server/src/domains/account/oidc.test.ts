import { afterAll, describe, expect, it } from 'vitest';
import { call, startServer } from '../../test/harness.js';
import { startOidcProvider } from '../../test/oidc-provider.js';

describe('single sign-on (OpenID Connect)', async () => {
  const provider = await startOidcProvider('parley-console', 'client-secret');
  afterAll(() => provider.close());
  const parley = await startServer({ oidc: { issuer: provider.issuer, clientId: 'parley-console', clientSecret: 'client-secret' } });

  /** The browser's trip to the provider and back: follow the redirect to get the code the provider issues. */
  const authorize = async (email: string) => {
    const start = await call(parley, 'POST', 'account/enterprise/oauth_validate', { form: { email } });
    expect(start.code).toBe(100);
    const url = new URL(start.data.redirectUrl);
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    const res = await fetch(url, { redirect: 'manual' });
    return new URL(res.headers.get('location')!);
  };

  it('answers not configured when no provider is set', async () => {
    const plain = await startServer();
    const res = await call(plain, 'POST', 'account/enterprise/oauth_validate', { form: { email: 'admin@parley.dev' } });
    expect(res).toMatchObject({ status: false, code: 1501, message: 'Single sign-on is not configured' });
  });

  it('signs in through oauth_callback with the provider’s code and state', async () => {
    provider.willAssert('admin@parley.dev');
    const back = await authorize('admin@parley.dev');
    const res = await call(parley, 'POST', 'account/enterprise/oauth_callback', {
      form: { token: back.searchParams.get('code')!, state: back.searchParams.get('state')! },
    });
    expect(res.code).toBe(100);
    const profile = await call(parley, 'GET', 'e/enterprise/profile/', { token: res.data.token });
    expect(profile.data).toMatchObject({ emailId: 'admin@parley.dev', loginMethod: 'sso' });
  });

  it('signs in through the browser leg: return URL, ticket, sso_redirect_callback, once', async () => {
    provider.willAssert('agent@parley.dev');
    const back = await authorize('agent@parley.dev');
    const returned = await parley.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(returned.statusCode).toBe(302);
    const ticket = /^\/([^/]+)\/redirect$/.exec(returned.headers.location as string)![1]!;
    const res = await call(parley, 'POST', 'account/enterprise/sso_redirect_callback', { form: { token: ticket } });
    expect(res.data.user.emailId).toBe('agent@parley.dev');
    expect((await call(parley, 'POST', 'account/enterprise/sso_redirect_callback', { form: { token: ticket } })).code).toBe(1401);
  });

  it('refuses a provider asserting another person, and a replayed state', async () => {
    provider.willAssert('intruder@evil.example');
    const back = await authorize('admin@parley.dev');
    const form = { token: back.searchParams.get('code')!, state: back.searchParams.get('state')! };
    const res = await call(parley, 'POST', 'account/enterprise/oauth_callback', { form });
    expect(res).toMatchObject({ status: false, code: 1401 });
    expect(res.data).toBeUndefined();
    expect((await call(parley, 'POST', 'account/enterprise/oauth_callback', { form })).code).toBe(1401);
  });
});
