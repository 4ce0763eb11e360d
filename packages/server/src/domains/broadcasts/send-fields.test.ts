import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { broadcastMessages, channels } from '../../db/schema.js';
import { DEMO_CHANNEL } from '../../seed/demo-channels.js';
import { call, login, startServer } from '../../test/harness.js';
import { customerFieldLookup, fieldsByNameOrLabel } from './send-fields.js';

// The form shows a field by its label ({PIN code}); an expression names it by that as well as by its name (issue 12).

describe('a customer field in a mapping or an expression', () => {
  const keys = fieldsByNameOrLabel([
    { name: 'pincode', label: 'PIN code', value: '7' },
    // One field's label is another's name: the name wins.
    { name: 'city', label: 'Town', value: '8' },
    { name: 'town', label: 'Old town', value: '9' },
  ]);
  const customer = { id: 'c', name: 'Asha', phoneNumber: '+14155550100', whatsAppNumber: '+14155550111', data: { 7: '411001', 8: 'Pune', 9: 'Kasba' } };
  const lookup = customerFieldLookup('+14155550100', customer, keys);

  it('is found by its name or its label, in any case', () => {
    for (const written of ['pincode', 'PIN code', 'pin code', ' PINCODE ']) expect(lookup(written)).toBe('411001');
    expect(lookup('Town')).toBe('Kasba');
    expect(lookup('city')).toBe('Pune');
    for (const written of ['name', 'Name', 'NAME']) expect(lookup(written)).toBe('Asha');
    for (const written of ['phoneNumber', 'Phone Number', 'phone number']) expect(lookup(written)).toBe('+14155550100');
    expect(lookup('whatsAppNumber')).toBe('+14155550111');
    expect(lookup('PIN')).toBeUndefined();
  });

  it('gives a stranger only the number it was sent to', () => {
    const stranger = customerFieldLookup('+14155550199', undefined, keys);
    expect(stranger('Phone Number')).toBe('+14155550199');
    expect(stranger('PIN code')).toBeUndefined();
  });
});

describe('an expression naming a field by its label', async () => {
  const parley = await startServer({ defaultCountry: 'US' });
  const { db } = parley.database;
  const token = await login(parley);
  const [channel] = await db.select().from(channels).where(eq(channels.name, DEMO_CHANNEL.name));
  const pin = (
    await call(parley, 'POST', 'customer/definition', {
      token,
      json: {
        fieldName: 'pincode',
        fieldLabel: 'PIN code',
        fieldType: 'text',
        inputType: 'alphanumeric',
        fieldHelpText: 'PIN',
        mandatory: false,
        search: false,
      },
    })
  ).data.inputFieldDefinition._id as string;
  await call(parley, 'POST', 'customer/customer', { token, json: { name: 'Asha', phoneNumber: '+14155550100', data: [{ id: pin, value: '411001' }] } });

  it('is looked up as its field', async () => {
    for (const expression of ['p/{PIN code}', 'p/{ pin code }', 'p/{pincode}']) {
      const reply = await call(parley, 'POST', 'chatbird/api/broadcast/expression', { token, json: { expression } });
      expect(reply).toMatchObject({ status: true, data: { variables: [{ name: 'pincode', label: 'PIN code' }] } });
    }
    const both = await call(parley, 'POST', 'chatbird/api/broadcast/expression', { token, json: { expression: '{Phone Number}/{NAME}' } });
    expect(both.data.variables).toEqual([
      { name: 'phoneNumber', label: 'Phone Number' },
      { name: 'name', label: 'Name' },
    ]);
    expect(await call(parley, 'POST', 'chatbird/api/broadcast/expression', { token, json: { expression: 'p/{PIN}' } })).toMatchObject({
      status: false,
      message: 'URL variable not found',
    });
  });

  it("is filled in from the recipient's record", async () => {
    const res = await call(parley, 'POST', 'chatbird/api/broadcast', {
      token,
      json: {
        channelId: channel!.id,
        phoneNumber: ['+14155550100'],
        message: { template: { templateId: 'new_arrivals', media: { fileName: 'a.jpg', type: 'image', url: 'https://cdn.example.com/a.jpg' } } },
        columnMapping: [
          { component: 'BODY', variable: '{{1}}', type: 'static', value: 'friend' },
          { component: 'BUTTON', buttonIndex: 0, variable: '{{1}}', type: 'expression', value: 'p/{PIN code}-{phone number}' },
        ],
      },
    });
    expect(res).toMatchObject({ status: true });
    const [row] = await db.select().from(broadcastMessages).where(eq(broadcastMessages.broadcastId, res.data.id));
    expect(row).toMatchObject({ errorTitle: null });
    expect(row!.components).toContainEqual({ type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: 'p/411001-+14155550100' }] });
  });
});
