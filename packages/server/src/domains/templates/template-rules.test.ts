import { describe, expect, it } from 'vitest';
import type { TemplateComponent } from '@parley/sdk/contract/templates';
import { DEMO_TEMPLATES } from '../../seed/demo-channels.js';
import { categoryOf, checkComponents, checkName, kindOf } from './template-rules.js';

type Card = Extract<TemplateComponent, { type: 'CAROUSEL' }>['cards'][number];
const body = (text: string, ...examples: string[]): TemplateComponent => ({
  type: 'BODY',
  text,
  ...(examples.length ? { example: { body_text: [examples] } } : {}),
});
const buttons = (...list: Extract<TemplateComponent, { type: 'BUTTONS' }>['buttons']): TemplateComponent => ({ type: 'BUTTONS', buttons: list });
const card = (text = 'Card body', extra: Card['components'] = []): Card => ({
  components: [{ type: 'HEADER', format: 'IMAGE', example: { header_handle: ['https://example.com/a.jpg'] } }, { type: 'BODY', text }, ...extra],
});
const carousel = (...cards: Card[]): TemplateComponent[] => [body('Look'), { type: 'CAROUSEL', cards }];
const x = (n: number) => 'x'.repeat(n);

describe('template rules', () => {
  it('checks the name and reads the category in either case', () => {
    expect(checkName(undefined)).toBe('Template name is required');
    expect(checkName('   ')).toBe('Template name is required');
    expect(checkName('Order Update')).toBe('Template name can contain only lowercase letters, numbers and underscores');
    expect(checkName('order-update')).toBe('Template name can contain only lowercase letters, numbers and underscores');
    expect(checkName(x(513))).toBe('Template name can be at most 512 characters');
    expect(checkName('order_update_2')).toBeNull();
    expect([categoryOf('Utility'), categoryOf('utility'), categoryOf('MARKETING'), categoryOf(' Authentication ')]).toEqual([
      'UTILITY',
      'UTILITY',
      'MARKETING',
      'AUTHENTICATION',
    ]);
    expect([categoryOf('promo'), categoryOf(''), categoryOf(null)]).toEqual([null, null, null]);
  });

  it('requires a body', () => {
    expect(checkComponents([])).toEqual([{ field: 'components.BODY.text', message: 'Body is required' }]);
    expect(checkComponents([{ type: 'FOOTER', text: 'Bye' }, body('  ')])).toEqual([{ field: 'components.BODY.text', message: 'Body is required' }]);
  });

  it('holds header, body, footer and button texts to the spec limits', () => {
    const at = [
      { type: 'HEADER', format: 'TEXT', text: x(60) },
      body(x(1024)),
      { type: 'FOOTER', text: x(60) },
      buttons(
        { type: 'QUICK_REPLY', text: x(25) },
        { type: 'URL', text: x(25), url: 'https://shop.example.com' },
        { type: 'PHONE_NUMBER', text: x(25), phone_number: '+15550100002' },
      ),
    ] satisfies TemplateComponent[];
    expect(checkComponents(at)).toEqual([]);
    const over = [
      { type: 'HEADER', format: 'TEXT', text: x(61) },
      body(x(1025)),
      { type: 'FOOTER', text: x(61) },
      buttons(
        { type: 'QUICK_REPLY', text: x(26) },
        { type: 'URL', text: x(26), url: 'https://shop.example.com' },
        { type: 'PHONE_NUMBER', text: x(26), phone_number: '+15550100002' },
      ),
    ] satisfies TemplateComponent[];
    expect(checkComponents(over)).toEqual([
      { field: 'components.HEADER.text', message: 'Header can be at most 60 characters' },
      { field: 'components.BODY.text', message: 'Body can be at most 1024 characters' },
      { field: 'components.BUTTONS.1.text', message: 'Quick reply button text can be at most 25 characters' },
      { field: 'components.BUTTONS.2.text', message: 'Button text can be at most 25 characters' },
      { field: 'components.BUTTONS.3.text', message: 'Button text can be at most 25 characters' },
      { field: 'components.FOOTER.text', message: 'Footer can be at most 60 characters' },
    ]);
  });

  it('wants variables numbered in order, each with an example', () => {
    expect(checkComponents([body('Hi {{1}}, order {{2}}; again {{1}}', 'Asha', '#1')])).toEqual([]);
    expect(checkComponents([body('Hi {{2}} and {{1}}', 'a', 'b')])).toEqual([
      { field: 'components.BODY.text', message: 'Variables must be numbered {{1}}, {{2}}, ... in order' },
    ]);
    expect(checkComponents([body('Hi {{1}} and {{3}}', 'a', 'b', 'c')])).toEqual([
      { field: 'components.BODY.text', message: 'Variables must be numbered {{1}}, {{2}}, ... in order' },
    ]);
    expect(
      checkComponents([
        { type: 'HEADER', format: 'TEXT', text: 'Hello {{1}}' },
        body('Hi {{1}}, order {{2}}', 'Asha', ' '),
        buttons(
          { type: 'URL', text: 'Track', url: 'https://shop.example.com/t/{{1}}' },
          { type: 'URL', text: 'Shop', url: 'https://shop.example.com/{{2}}', example: ['x'] },
        ),
      ]),
    ).toEqual([
      { field: 'components.HEADER.example', message: 'Example value for {{1}} is required' },
      { field: 'components.BODY.example', message: 'Example value for {{2}} is required' },
      { field: 'components.BUTTONS.1.example', message: 'Example value for {{1}} is required' },
      { field: 'components.BUTTONS.2.url', message: 'Variables must be numbered {{1}}, {{2}}, ... in order' },
    ]);
    expect(checkComponents([body('Hi'), buttons({ type: 'URL', text: 'Track', url: 'https://s.example/{{1}}', example: 'https://s.example/AB1' })])).toEqual(
      [],
    );
  });

  it('gives a limited-time offer 15 characters, one call to action and one offer code', () => {
    const offer = (text: string): TemplateComponent => ({ type: 'LIMITED_TIME_OFFER', limited_time_offer: { text, has_expiration: true } });
    const good = buttons({ type: 'COPY_CODE', example: 'SAVE10' }, { type: 'URL', text: 'Shop', url: 'https://shop.example.com' });
    expect(checkComponents([offer(x(15)), body('Sale'), good])).toEqual([]);
    expect(checkComponents([offer(x(16)), body('Sale'), good])).toEqual([
      { field: 'components.LIMITED_TIME_OFFER.text', message: 'Offer text can be at most 15 characters' },
    ]);
    const wrong = 'A limited-time offer allows 1 call-to-action and 1 offer code';
    expect(checkComponents([offer('Ends soon'), body('Sale'), buttons({ type: 'COPY_CODE', example: 'SAVE10' })])).toEqual([
      { field: 'components.BUTTONS', message: wrong },
    ]);
    expect(checkComponents([offer('Ends soon'), body('Sale')])).toEqual([{ field: 'components.BUTTONS', message: wrong }]);
    expect(
      checkComponents([
        offer('Ends soon'),
        body('Sale'),
        buttons({ type: 'URL', text: 'A', url: 'https://a.example' }, { type: 'URL', text: 'B', url: 'https://b.example' }),
      ]),
    ).toEqual([{ field: 'components.BUTTONS', message: wrong }]);
  });

  it('gives a carousel 2 to 10 cards, each with media, a body of 160 and at most 2 buttons', () => {
    expect(checkComponents(carousel(card(), card()))).toEqual([]);
    const count = { field: 'components.CAROUSEL.cards', message: 'A carousel needs 2 to 10 cards' };
    expect(checkComponents(carousel(card()))).toEqual([count]);
    expect(checkComponents(carousel(...Array.from({ length: 11 }, () => card())))).toEqual([count]);
    const textHeader: Card = {
      components: [
        { type: 'HEADER', format: 'TEXT', text: 'Hi' },
        { type: 'BODY', text: 'B' },
      ],
    };
    const noBody: Card = { components: [{ type: 'HEADER', format: 'VIDEO' }] };
    const threeButtons = buttons(
      { type: 'QUICK_REPLY', text: 'a' },
      { type: 'QUICK_REPLY', text: 'b' },
      { type: 'QUICK_REPLY', text: x(26) },
    ) as Card['components'][number];
    expect(checkComponents(carousel(card(x(161)), textHeader, noBody, card('Now {{1}}', [threeButtons])))).toEqual([
      { field: 'components.CAROUSEL.cards.1.BODY.text', message: 'Card body can be at most 160 characters' },
      { field: 'components.CAROUSEL.cards.2.HEADER', message: 'Media missing in card 2' },
      { field: 'components.CAROUSEL.cards.3.BODY.text', message: 'Body is required' },
      { field: 'components.CAROUSEL.cards.4.BODY.example', message: 'Example value for {{1}} is required' },
      { field: 'components.CAROUSEL.cards.4.BUTTONS.3.text', message: 'Quick reply button text can be at most 25 characters' },
      { field: 'components.CAROUSEL.cards.4.BUTTONS', message: 'A carousel card can have at most 2 buttons' },
    ]);
  });

  it('derives the kind from the components', () => {
    expect(kindOf([body('Hi')])).toBe('DEFAULT');
    expect(kindOf([{ type: 'LIMITED_TIME_OFFER', limited_time_offer: { text: 'Soon' } }, body('Hi')])).toBe('LIMITED_TIME_OFFER');
    expect(kindOf(carousel(card(), card()))).toBe('CAROUSEL');
  });

  it('passes every demo template', () => {
    for (const t of DEMO_TEMPLATES)
      expect({ name: t.name, errors: checkComponents(t.components), nameError: checkName(t.name) }).toEqual({ name: t.name, errors: [], nameError: null });
  });
});
