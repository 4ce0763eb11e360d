import { describe, expect, it } from 'vitest';
import { loadWhiteLabel, whiteLabelName } from './whitelabel.js';

const files: Record<string, object> = {
  '/whitelabel/default/default.json': {
    colors: { primary: '#111111', text: '#222222' },
    logoPath: '/logo.svg',
    info: { title: 'Parley', email: 'hello@parley.dev' },
  },
  '/whitelabel/chat_acme_com/chat_acme_com.json': { colors: { primary: '#ff0000' }, info: { title: 'Acme Engage' } },
};
const fakeFetch = (async (url: string) => (files[url] ? new Response(JSON.stringify(files[url])) : new Response('missing', { status: 404 }))) as typeof fetch;

describe('white-label loading', () => {
  it('names the file after the host with dots as underscores, port dropped', () => {
    expect(whiteLabelName('chat.acme.com:8080')).toBe('chat_acme_com');
  });

  it('lays the host file over the default one', async () => {
    const label = await loadWhiteLabel('chat.acme.com', fakeFetch);
    expect(label.colors).toEqual({ primary: '#ff0000', text: '#222222' });
    expect(label.info).toEqual({ title: 'Acme Engage', email: 'hello@parley.dev' });
    expect(label.logoPath).toBe('/logo.svg');
  });

  it('falls back to the default file for an unknown host', async () => {
    const label = await loadWhiteLabel('unknown.example.org', fakeFetch);
    expect(label.info.title).toBe('Parley');
    expect(label.colors.primary).toBe('#111111');
  });
});
