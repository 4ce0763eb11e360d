import { describe, expect, it } from 'vitest';
import { DEMO_TEMPLATES } from '../../seed/demo-channels.js';
import { templateVariables } from './variables.js';

const demo = (name: string) => DEMO_TEMPLATES.find((t) => t.name === name)!.components;
const text = (component: 'HEADER' | 'BODY', n: number, example: string) => ({ component, name: `{{${n}}}`, type: 'text', required: true, example });

describe('template variables', () => {
  it('lists a text header, the body, then URL button suffixes, with their examples', () => {
    const vars = templateVariables([
      { type: 'HEADER', format: 'TEXT', text: 'Order {{1}}', example: { header_text: ['#10423'] } },
      { type: 'BODY', text: 'Hi {{1}}, {{2}} items ship {{1}}', example: { body_text: [['Asha', '3']] } },
      {
        type: 'BUTTONS',
        buttons: [
          { type: 'QUICK_REPLY', text: 'Thanks' },
          { type: 'URL', text: 'Track', url: 'https://shop.example.com/track/{{1}}', example: ['https://shop.example.com/track/AB12'] },
          { type: 'URL', text: 'Home', url: 'https://shop.example.com' },
        ],
      },
    ]);
    expect(vars).toEqual({
      variables: [
        text('HEADER', 1, '#10423'),
        text('BODY', 1, 'Asha'),
        text('BODY', 2, '3'),
        { component: 'BUTTON', buttonIndex: 1, name: '{{1}}', type: 'url', required: true, example: 'AB12' },
      ],
      cards: [],
    });
  });

  it('leaves media headers out and keeps an example that is not a full URL as it is', () => {
    expect(templateVariables(demo('new_arrivals')).variables).toEqual([
      text('BODY', 1, 'Asha'),
      { component: 'BUTTON', buttonIndex: 0, name: '{{1}}', type: 'url', required: true, example: 'spring-24' },
    ]);
    expect(
      templateVariables([
        { type: 'BODY', text: 'Hi' },
        { type: 'BUTTONS', buttons: [{ type: 'URL', text: 'Go', url: 'https://a.example/{{1}}', example: 'XY' }] },
      ]).variables,
    ).toEqual([{ component: 'BUTTON', buttonIndex: 0, name: '{{1}}', type: 'url', required: true, example: 'XY' }]);
  });

  it('gives a carousel its body variables and each card its own', () => {
    const vars = templateVariables(demo('spring_collection'));
    expect(vars.variables).toEqual([text('BODY', 1, 'Asha')]);
    expect(vars.cards.map((c) => c.card)).toEqual([1, 2, 3]);
    expect(vars.cards[1]).toEqual({
      card: 2,
      variables: [text('BODY', 1, '$49'), { component: 'BUTTON', buttonIndex: 0, name: '{{1}}', type: 'url', required: true, example: 'canvas-sneakers' }],
    });
  });

  it('finds none in a template without parameters', () => {
    expect(templateVariables([{ type: 'BODY', text: 'Thanks for shopping with us' }])).toEqual({ variables: [], cards: [] });
  });
});
