import { describe, expect, it } from 'vitest';
import type { Template } from '@parley/sdk/contract/templates';
import { emptyForm, fromTemplate, newButton, nextVariable, toComponents, type TemplateForm } from './template-form.js';

const saved = (form: TemplateForm): Template => ({
  id: 't1',
  templateId: form.name,
  name: form.name,
  channelId: form.channelId,
  channelName: 'Support',
  language: form.language,
  category: form.category || 'UTILITY',
  kind: form.kind,
  components: toComponents(form),
  status: 'APPROVED',
  rejectedReason: null,
  createdOn: '2026-11-29T00:00:00Z',
  updatedOn: '2026-11-29T00:00:00Z',
});

describe('template form', () => {
  it('numbers the next variable one past the highest, whatever the order', () => {
    expect(nextVariable('Hello')).toBe('{{1}}');
    expect(nextVariable('Hi {{2}}, order {{1}}')).toBe('{{3}}');
  });

  it("builds Meta's components with examples in variable order, and reads them back into the same form", () => {
    const form: TemplateForm = {
      ...emptyForm('ch1'),
      name: 'order_ready',
      category: 'UTILITY',
      header: { format: 'TEXT', text: 'Order {{1}}', example: 'A-17', mediaUrl: '' },
      body: 'Hi {{2}}, your order {{1}} is ready',
      examples: { '1': 'A-17', '2': 'Ana' },
      footer: 'Reply STOP to opt out',
      buttons: [
        { ...newButton('URL'), text: 'Track', url: 'https://shop.example/track/{{1}}', urlExample: 'A-17' },
        { ...newButton('PHONE_NUMBER'), text: 'Call us', phone: '+919800000001' },
      ],
    };
    const components = toComponents(form);
    expect(components).toEqual([
      { type: 'HEADER', format: 'TEXT', text: 'Order {{1}}', example: { header_text: ['A-17'] } },
      // Examples follow the variables as they appear in the text: {{2}} first.
      { type: 'BODY', text: 'Hi {{2}}, your order {{1}} is ready', example: { body_text: [['Ana', 'A-17']] } },
      { type: 'FOOTER', text: 'Reply STOP to opt out' },
      {
        type: 'BUTTONS',
        buttons: [
          { type: 'URL', text: 'Track', url: 'https://shop.example/track/{{1}}', example: ['https://shop.example/track/A-17'] },
          { type: 'PHONE_NUMBER', text: 'Call us', phone_number: '+919800000001' },
        ],
      },
    ]);
    const back = fromTemplate(saved(form));
    expect(back).toMatchObject({ name: 'order_ready', body: form.body, examples: form.examples, footer: form.footer, header: form.header });
    expect(back.buttons.map(({ key: _key, ...b }) => b)).toEqual(form.buttons.map(({ key: _key, ...b }) => b));
  });

  it('gives a limited-time offer its copy-code and URL buttons and never a text header', () => {
    const form: TemplateForm = {
      ...emptyForm('ch1'),
      name: 'flash_sale',
      category: 'MARKETING',
      kind: 'LIMITED_TIME_OFFER',
      header: { format: 'TEXT', text: 'Sale', example: '', mediaUrl: '' },
      body: 'Twenty percent off today',
      offer: { text: 'Flash sale', hasExpiration: true, code: 'SAVE20', button: { ...newButton('URL'), text: 'Shop', url: 'https://shop.example' } },
    };
    const components = toComponents(form);
    expect(components.map((c) => c.type)).toEqual(['LIMITED_TIME_OFFER', 'BODY', 'BUTTONS']);
    expect(fromTemplate(saved(form)).offer).toMatchObject({
      text: 'Flash sale',
      hasExpiration: true,
      code: 'SAVE20',
      button: { text: 'Shop', url: 'https://shop.example' },
    });
  });
});
