import { expect } from '@esm-bundle/chai';
import { API_BASE, signIn } from './demo-session.js';

describe('element test server', () => {
  it('signs the demo admin in through the real API and answers a signed-in call', async () => {
    const token = await signIn();
    const res = await fetch(`${API_BASE}/nlp/v2/agent?from=0`, { headers: { 'authentication-token': token } });
    const body = (await res.json()) as { status: boolean; code: number };
    expect(body.code).to.equal(100);
  });
});
