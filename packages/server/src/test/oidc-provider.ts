import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const b64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

/**
 * An OpenID Connect provider on loopback speaking the real wire format: discovery, JWKS, authorization endpoint
 * (redirects back with a code), token endpoint (checks PKCE S256, returns an RS256-signed ID token).
 */
export async function startOidcProvider(clientId: string, clientSecret: string) {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = 'test-key';
  const jwk = { ...publicKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' };
  const codes = new Map<string, { challenge: string; redirectUri: string; email: string }>();
  const state = { email: '', issuer: '' };

  const idToken = (email: string) => {
    const now = Math.floor(Date.now() / 1000);
    const header = b64url(JSON.stringify({ alg: 'RS256', kid, typ: 'JWT' }));
    const payload = b64url(JSON.stringify({ iss: state.issuer, aud: clientId, sub: `sub-${email}`, email, email_verified: true, iat: now, exp: now + 300 }));
    return `${header}.${payload}.${b64url(sign('sha256', Buffer.from(`${header}.${payload}`), privateKey))}`;
  };

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', state.issuer);
    const json = (status: number, body: object) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/.well-known/openid-configuration') {
      return json(200, {
        issuer: state.issuer,
        authorization_endpoint: `${state.issuer}/authorize`,
        token_endpoint: `${state.issuer}/token`,
        jwks_uri: `${state.issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      });
    }
    if (url.pathname === '/jwks') return json(200, { keys: [jwk] });
    if (url.pathname === '/authorize') {
      const code = randomBytes(16).toString('hex');
      codes.set(code, { challenge: url.searchParams.get('code_challenge') ?? '', redirectUri: url.searchParams.get('redirect_uri') ?? '', email: state.email });
      const back = new URL(url.searchParams.get('redirect_uri')!);
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      res.writeHead(302, { location: back.href });
      return res.end();
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        const form = new URLSearchParams(body);
        const basic = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString();
        const [id, secret] = basic.split(':').map(decodeURIComponent);
        const authOk = (id === clientId && secret === clientSecret) || (form.get('client_id') === clientId && form.get('client_secret') === clientSecret);
        const grant = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        const verifier = form.get('code_verifier') ?? '';
        if (!authOk) return json(401, { error: 'invalid_client' });
        if (!grant || grant.redirectUri !== form.get('redirect_uri') || b64url(createHash('sha256').update(verifier).digest()) !== grant.challenge) {
          return json(400, { error: 'invalid_grant' });
        }
        json(200, { access_token: randomBytes(16).toString('hex'), token_type: 'Bearer', expires_in: 300, id_token: idToken(grant.email) });
      });
      return;
    }
    json(404, { error: 'not_found' });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  state.issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer: state.issuer,
    /** The email the provider asserts for the next sign-in. */
    willAssert: (email: string) => (state.email = email),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
