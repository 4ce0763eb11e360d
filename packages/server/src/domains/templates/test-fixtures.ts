import type { TemplateComponent } from '@parley/sdk/contract/templates';
import type { Parley } from '../../app.js';

/**
 * A WhatsApp Cloud API channel on the built-in sandbox, made through the channel form as a user makes it. (Tests'
 * helper; it injects directly because the build leaves the test harness out.)
 */
export async function createSandboxChannel(parley: Parley, token: string, n: number, accessToken = parley.deps.config.sandboxAccessToken): Promise<string> {
  const reply = await parley.app.inject({
    method: 'POST',
    url: '/api/e/enterprise/channels',
    headers: { 'authentication-token': token },
    payload: {
      name: `Sandbox ${n}`,
      type: 4,
      vendor: 20,
      contactId: `+1415555${String(1000 + n)}`,
      data: {
        phoneNumberId: `1000000000001${String(n).padStart(2, '0')}`,
        wabaId: `2000000000001${String(n).padStart(2, '0')}`,
        accessToken,
        appSecret: parley.deps.config.sandboxAppSecret,
      },
    },
  });
  const res = reply.json<{ status: boolean; message: string; errors?: unknown; data: { channel: { channelId: string } } }>();
  if (!res.status) throw new Error(`channel not created: ${res.message} ${JSON.stringify(res.errors)}`);
  return res.data.channel.channelId;
}

type Card = Extract<TemplateComponent, { type: 'CAROUSEL' }>['cards'][number];
export const carouselCard = (product: string, price: string): Card => ({
  components: [
    { type: 'HEADER', format: 'IMAGE', example: { header_handle: ['https://example.com/p.jpg'] } },
    { type: 'BODY', text: `${product} from {{1}}`, example: { body_text: [[price]] } },
    {
      type: 'BUTTONS',
      buttons: [
        { type: 'URL', text: 'View', url: 'https://shop.example.com/p/{{1}}', example: ['https://shop.example.com/p/shirt'] },
        { type: 'QUICK_REPLY', text: 'Interested' },
      ],
    },
  ],
});

export const carouselComponents = (): TemplateComponent[] => [
  { type: 'BODY', text: 'Spring picks for you, {{1}}', example: { body_text: [['Asha']] } },
  { type: 'CAROUSEL', cards: [carouselCard('Shirts', '$29'), carouselCard('Hats', '$19')] },
];

export const plainComponents = (text = 'Thanks for shopping with us'): TemplateComponent[] => [{ type: 'BODY', text }];
