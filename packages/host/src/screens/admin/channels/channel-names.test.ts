import { describe, expect, it } from 'vitest';
import { ChannelTypes } from '@parley/sdk/contract/channel-texts';
import { typeName, vendorName, vendorsFor } from './channel-names.js';

describe('channel names', () => {
  it("shows the spec's names for the wire's numbers (platform-shell 9)", () => {
    expect(typeName(4)).toBe('WhatsApp');
    expect(typeName(12)).toBe('Web');
    expect(vendorName(0)).toBe('Karix');
  });

  it('shows a number a newer server sends as the number rather than a blank cell', () => {
    expect(typeName(99)).toBe('99');
    expect(vendorName(99)).toBe('99');
  });

  it('offers only the vendors that serve the chosen type', () => {
    const email = vendorsFor(ChannelTypes.Email).map((v) => v.name);
    expect(email).toContain('Mailchimp');
    expect(email).not.toContain('Karix');
    expect(vendorsFor(ChannelTypes.WhatsApp).map((v) => v.name)).toContain('WhatsApp Cloud API');
    expect(vendorsFor(ChannelTypes.Web).map((v) => v.name)).toEqual(['Parley Web Chat']);
    expect(vendorsFor(ChannelTypes.IVRS)).toEqual([]);
  });
});
