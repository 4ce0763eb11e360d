import { describe, expect, it } from 'vitest';
import { ChannelMessages, ChannelTypes, SECRET_MASK, WHATSAPP_CLOUD_VENDOR, type VendorId } from '@parley/sdk/contract/channel-texts';
import { checkForm, inputOf, NEW_CHANNEL, type ChannelFormValues } from './channel-form-state.js';

const cloud = (fields: Record<string, string>, extra: Partial<ChannelFormValues> = {}): ChannelFormValues => ({
  ...NEW_CHANNEL,
  name: 'Support line',
  vendor: WHATSAPP_CLOUD_VENDOR,
  fields,
  ...extra,
});
const complete = { contactId: '+919800000001', phoneNumberId: '1234', wabaId: '5678', accessToken: 'EAAG-token', appSecret: 'app-secret' };

describe('channel form state', () => {
  it("refuses what the server would, in the server's words, under the server's field names", () => {
    expect(checkForm(cloud({}, { name: '  ' }), null)).toEqual({
      name: ChannelMessages.nameRequired,
      contactId: ChannelMessages.isRequired('Valid Waba Phone Number'),
      'data.phoneNumberId': ChannelMessages.isRequired('Phone number id'),
      'data.wabaId': ChannelMessages.isRequired('Waba id'),
      'data.accessToken': ChannelMessages.isRequired('Access token'),
      'data.appSecret': ChannelMessages.isRequired('App secret'),
    });
    expect(checkForm(cloud(complete), null)).toEqual({});
    expect(checkForm(cloud({ ...complete, baseUrl: 'graph.facebook.com' }), null)).toEqual({ 'data.baseUrl': ChannelMessages.invalidUrl });
    expect(checkForm(cloud(complete, { vendor: null }), null)).toEqual({ vendor: ChannelMessages.vendorRequired });
  });

  it('keeps a stored secret left masked or emptied when editing, but not for another vendor', () => {
    const saved = cloud({ ...complete, accessToken: SECRET_MASK, appSecret: SECRET_MASK });
    expect(checkForm(cloud({ ...complete, accessToken: SECRET_MASK, appSecret: '' }), saved)).toEqual({});
    const other = { ...saved, vendor: 8 as VendorId };
    expect(checkForm(cloud({ ...complete, accessToken: '', appSecret: '' }), other)).toMatchObject({
      'data.accessToken': ChannelMessages.isRequired('Access token'),
    });
  });

  it("sends contactId on top, the vendor's other fields trimmed in data, and no department as ''", () => {
    const input = inputOf(cloud({ ...complete, wabaId: ' 5678 ', stray: 'not a field' }, { name: ' Support line ', type: ChannelTypes.WhatsApp }));
    expect(input).toMatchObject({ name: 'Support line', deptId: '', vendor: WHATSAPP_CLOUD_VENDOR, contactId: '+919800000001' });
    expect(input.data).toMatchObject({ phoneNumberId: '1234', wabaId: '5678', accessToken: 'EAAG-token' });
    expect(input.data).not.toHaveProperty('contactId');
    expect(input.data).not.toHaveProperty('stray');
  });
});
