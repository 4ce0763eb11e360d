import { describe, expect, it } from 'vitest';
import { checkTemplate, nameError, placedFields } from './template-checks.js';
import { emptyForm, newButton, newCard, toComponents, type TemplateForm } from './template-form.js';

const valid = (): TemplateForm => ({ ...emptyForm('ch1'), name: 'order_ready', category: 'UTILITY', body: 'Your order is ready' });
const check = (form: TemplateForm) => checkTemplate(form, toComponents(form));
const text = (n: number) => 'x'.repeat(n);

describe('template checks before Save', () => {
  it('passes a complete default template', () => {
    expect(check(valid())).toEqual({});
  });

  it('asks for the channel, name, category and body of an empty form, each beside its field', () => {
    expect(check(emptyForm())).toEqual({
      channelId: 'Channel is required',
      name: 'Template name is required',
      category: 'Category is required',
      'components.BODY.text': 'Body is required',
    });
  });

  it('allows only lowercase letters, numbers and underscores in the name', () => {
    expect(nameError('Order-Ready')).toBe('Template name can contain only lowercase letters, numbers and underscores');
    expect(nameError('order_ready_2')).toBeUndefined();
  });

  // platform-shell 5: header 60, body 1024, footer 60, quick-reply button text 25, action button text 25.
  it("holds the default template's parts to the spec's limits, in the spec's numbers", () => {
    const atLimit: TemplateForm = {
      ...valid(),
      header: { format: 'TEXT', text: text(60), example: '', mediaUrl: '' },
      body: text(1024),
      footer: text(60),
      buttons: [
        { ...newButton('QUICK_REPLY'), text: text(25) },
        { ...newButton('PHONE_NUMBER'), text: text(25), phone: '+919800000001' },
      ],
    };
    expect(check(atLimit)).toEqual({});
    const over: TemplateForm = {
      ...atLimit,
      header: { ...atLimit.header, text: text(61) },
      body: text(1025),
      footer: text(61),
      buttons: atLimit.buttons.map((b) => ({ ...b, text: text(26) })),
    };
    expect(check(over)).toEqual({
      'components.HEADER.text': 'Header can be at most 60 characters',
      'components.BODY.text': 'Body can be at most 1024 characters',
      'components.FOOTER.text': 'Footer can be at most 60 characters',
      'components.BUTTONS.1.text': 'Quick reply button text can be at most 25 characters',
      'components.BUTTONS.2.text': 'Button text can be at most 25 characters',
    });
  });

  it('wants variables numbered from 1 in order, each with an example', () => {
    expect(check({ ...valid(), body: 'Hi {{2}}' })).toEqual({ 'components.BODY.text': 'Variables must be numbered {{1}}, {{2}}, ... in order' });
    expect(check({ ...valid(), body: 'Hi {{1}}, order {{2}}', examples: { '1': 'Ana' } })).toEqual({
      'components.BODY.example': 'Example value for {{2}} is required',
    });
    const url = { ...newButton('URL'), text: 'Track', url: 'https://shop.example/{{1}}' };
    expect(check({ ...valid(), buttons: [url] })).toEqual({ 'components.BUTTONS.1.example': 'Example value for {{1}} is required' });
    expect(check({ ...valid(), buttons: [{ ...url, urlExample: 'A-17' }] })).toEqual({});
  });

  it('holds a limited-time offer to 15 characters of offer text', () => {
    const offer = (t: string): TemplateForm => ({
      ...valid(),
      kind: 'LIMITED_TIME_OFFER',
      offer: { text: t, hasExpiration: false, code: 'SAVE10', button: { ...newButton('URL'), text: 'Shop', url: 'https://shop.example' } },
    });
    expect(check(offer(text(15)))).toEqual({});
    expect(check(offer(text(16)))).toEqual({ 'components.LIMITED_TIME_OFFER.text': 'Offer text can be at most 15 characters' });
  });

  describe('carousel', () => {
    const card = (body: string, mediaUrl = 'https://cdn.example/a.jpg') => ({ ...newCard(), body, mediaUrl });
    const carousel = (cards: TemplateForm['cards']): TemplateForm => ({ ...valid(), kind: 'CAROUSEL', cards });

    it('counts cards from 1 when one lacks its media', () => {
      expect(check(carousel([card('One'), card('Two', '')]))).toEqual({ 'components.CAROUSEL.cards.2.HEADER': 'Media missing in card 2' });
    });

    it("holds each card's body to 160 characters and its buttons to 2", () => {
      const buttons = [1, 2, 3].map((n) => ({ ...newButton('QUICK_REPLY'), text: `Option ${n}` }));
      expect(check(carousel([card(text(160)), card('Two')]))).toEqual({});
      expect(check(carousel([card(text(161)), { ...card('Two'), buttons }]))).toEqual({
        'components.CAROUSEL.cards.1.BODY.text': 'Card body can be at most 160 characters',
        'components.CAROUSEL.cards.2.BUTTONS': 'A carousel card can have at most 2 buttons',
      });
    });

    it('wants at least two cards', () => {
      expect(check(carousel([card('One')]))).toEqual({ 'components.CAROUSEL.cards': 'A carousel needs 2 to 10 cards' });
    });
  });

  it("places every error a form's own inputs can show beside them, and nothing of other kinds", () => {
    const form: TemplateForm = { ...valid(), kind: 'CAROUSEL', cards: [newCard(), newCard()] };
    const fields = placedFields(form);
    expect(Object.keys(check(form)).every((f) => fields.has(f))).toBe(true);
    expect(fields.has('components.FOOTER.text')).toBe(false);
    expect(placedFields(valid()).has('components.FOOTER.text')).toBe(true);
  });
});
