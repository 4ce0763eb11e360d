import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint } from './contract/endpoint.js';
import { encodeRequest, joinUrl } from './request-encoding.js';

const get = endpoint({ method: 'GET', path: 'e/enterprise/users/:id', input: z.any(), reply: z.any() });
const post = endpoint({ method: 'POST', path: 'account/enterprise/login/twoFactorAuth', input: z.any(), reply: z.any() });

describe('request encoding', () => {
  it('puts GET input in the path and the query, leaving undefined values out', () => {
    const { url, init } = encodeRequest('/api/', get, { id: 'a b', from: 0, name: undefined });
    expect(url).toBe('/api/e/enterprise/users/a%20b?from=0');
    expect(init.body).toBeUndefined();
  });

  it('sends flat POST bodies form-urlencoded, the specs default', () => {
    const { init } = encodeRequest('http://h/api', post, { email: 'a@b.c', removeExistingSession: true });
    expect(init.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(init.body).toBe('email=a%40b.c&removeExistingSession=true');
  });

  it('sends nested bodies as JSON', () => {
    const { init } = encodeRequest('http://h/api', post, { audioSettings: { enable: true, sounds: [] } });
    expect(init.headers['content-type']).toBe('application/json');
    expect(JSON.parse(init.body as string)).toEqual({ audioSettings: { enable: true, sounds: [] } });
  });

  it('normalises duplicate slashes but keeps the scheme', () => {
    expect(joinUrl('http://h//api/', '//health')).toBe('http://h/api/health');
  });
});
