import { describe, expect, it } from 'vitest';
import type { TemplateComponent } from '@parley/sdk/contract/templates';
import { withVendorExamples } from './vendor-examples.js';

const ID = '3f2b8c1e-9a4d-4b7e-8c2f-1d5e6a7b8c9d';

describe("a template's example media as the vendor gets them", () => {
  it('makes our file paths absolute on PUBLIC_URL, in the header and in carousel cards, and leaves other URLs alone', () => {
    const components = [
      { type: 'HEADER', format: 'IMAGE', example: { header_handle: [`/files/${ID}/banner.png`] } },
      { type: 'BODY', text: 'Hi {{1}}', example: { body_text: [['/files/not-a-handle']] } },
      {
        type: 'CAROUSEL',
        cards: [
          { components: [{ type: 'HEADER', format: 'IMAGE', example: { header_handle: ['https://cdn.example.com/x.jpg'] } }] },
          { components: [{ type: 'HEADER', format: 'IMAGE', example: { header_handle: [`https://parley.example/files/${ID}/b.png`] } }] },
        ],
      },
    ] as unknown as TemplateComponent[];
    expect(withVendorExamples(components, 'https://parley.example')).toEqual([
      { type: 'HEADER', format: 'IMAGE', example: { header_handle: [`https://parley.example/files/${ID}/banner.png`] } },
      { type: 'BODY', text: 'Hi {{1}}', example: { body_text: [['/files/not-a-handle']] } },
      {
        type: 'CAROUSEL',
        cards: [
          { components: [{ type: 'HEADER', format: 'IMAGE', example: { header_handle: ['https://cdn.example.com/x.jpg'] } }] },
          { components: [{ type: 'HEADER', format: 'IMAGE', example: { header_handle: [`https://parley.example/files/${ID}/b.png`] } }] },
        ],
      },
    ]);
  });
});
