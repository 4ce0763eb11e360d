import { randomInt } from 'node:crypto';
import { ChannelTypes, WHATSAPP_CLOUD_VENDOR } from '@parley/sdk/contract/channels';
import type { TemplateCategory, TemplateComponent } from '@parley/sdk/contract/templates';
import type { Db } from '../db/database.js';
import { channels, messageTemplates, sandboxWaTemplates } from '../db/schema.js';
import { sealSecrets } from '../domains/channels/channel-secrets.js';
import { kindOf } from '../domains/templates/template-rules.js';
import type { SealedBox } from '../secrets/sealed-box.js';

/**
 * The demo's WhatsApp channel on the built-in sandbox (an empty base URL). Its credentials are the sandbox's at the
 * first start (this installation's own, or PARLEY_SANDBOX_ACCESS_TOKEN and PARLEY_SANDBOX_APP_SECRET); a server that
 * changes either later must edit the channel to match.
 */
export const DEMO_CHANNEL = {
  name: 'WhatsApp Sandbox',
  contactId: '+15550100001',
  phoneNumberId: '100000000000001',
  wabaId: '200000000000001',
} as const;

export interface SandboxCredentials {
  accessToken: string;
  appSecret: string;
}

/** Example media the templates were "reviewed" with; a send brings its own. */
const MEDIA = 'https://example.com/parley-demo';
const SHOP = 'https://shop.example.com';

interface DemoTemplate {
  name: string;
  category: TemplateCategory;
  components: TemplateComponent[];
}

const card = (
  product: string,
  price: string,
  slug: string,
): { components: Extract<TemplateComponent, { type: 'CAROUSEL' }>['cards'][number]['components'] } => ({
  components: [
    { type: 'HEADER', format: 'IMAGE', example: { header_handle: [`${MEDIA}/${slug}.jpg`] } },
    { type: 'BODY', text: `${product}, now {{1}}. Made for warm days.`, example: { body_text: [[price]] } },
    {
      type: 'BUTTONS',
      buttons: [
        { type: 'URL', text: 'View product', url: `${SHOP}/p/{{1}}`, example: [`${SHOP}/p/${slug}`] },
        { type: 'QUICK_REPLY', text: 'Interested' },
      ],
    },
  ],
});

/** One approved template of every kind the broadcast form handles. */
export const DEMO_TEMPLATES: DemoTemplate[] = [
  {
    name: 'order_update',
    category: 'UTILITY',
    components: [
      {
        type: 'BODY',
        text: 'Hi {{1}}, your order {{2}} has shipped and is on its way. Reply below if you need anything.',
        example: { body_text: [['Asha', '#10423']] },
      },
      { type: 'FOOTER', text: 'Parley Demo Store' },
      {
        type: 'BUTTONS',
        buttons: [
          { type: 'QUICK_REPLY', text: 'Track my order' },
          { type: 'QUICK_REPLY', text: 'Talk to us' },
        ],
      },
    ],
  },
  {
    name: 'new_arrivals',
    category: 'MARKETING',
    components: [
      { type: 'HEADER', format: 'IMAGE', example: { header_handle: [`${MEDIA}/new-arrivals.jpg`] } },
      { type: 'BODY', text: '*New in*, {{1}}! Fresh styles just landed. Take a look before they are gone.', example: { body_text: [['Asha']] } },
      { type: 'BUTTONS', buttons: [{ type: 'URL', text: 'Shop now', url: `${SHOP}/new/{{1}}`, example: [`${SHOP}/new/spring-24`] }] },
    ],
  },
  {
    name: 'invoice_ready',
    category: 'UTILITY',
    components: [
      { type: 'HEADER', format: 'DOCUMENT', example: { header_handle: [`${MEDIA}/invoice.pdf`] } },
      { type: 'BODY', text: 'Hello {{1}}, your invoice is attached. Call us if anything looks wrong.', example: { body_text: [['Asha']] } },
      { type: 'BUTTONS', buttons: [{ type: 'PHONE_NUMBER', text: 'Call billing', phone_number: '+15550100002' }] },
    ],
  },
  {
    name: 'spring_collection',
    category: 'MARKETING',
    components: [
      { type: 'BODY', text: 'Our spring collection is here, {{1}}! Swipe to see what is new.', example: { body_text: [['Asha']] } },
      {
        type: 'CAROUSEL',
        cards: [card('Linen shirts', '$29', 'linen-shirt'), card('Canvas sneakers', '$49', 'canvas-sneakers'), card('Straw hats', '$19', 'straw-hat')],
      },
    ],
  },
  {
    name: 'flash_sale',
    category: 'MARKETING',
    components: [
      { type: 'HEADER', format: 'IMAGE', example: { header_handle: [`${MEDIA}/flash-sale.jpg`] } },
      { type: 'LIMITED_TIME_OFFER', limited_time_offer: { text: 'Expires soon', has_expiration: true } },
      { type: 'BODY', text: 'Hi {{1}}, take 30% off everything today only.', example: { body_text: [['Asha']] } },
      {
        type: 'BUTTONS',
        buttons: [
          { type: 'COPY_CODE', example: 'FLASH30' },
          { type: 'URL', text: 'Shop the sale', url: `${SHOP}/sale/{{1}}`, example: [`${SHOP}/sale/flash30`] },
        ],
      },
    ],
  },
  {
    name: 'login_code',
    category: 'AUTHENTICATION',
    components: [
      { type: 'BODY', text: '{{1}} is your verification code. For your security, do not share this code.', example: { body_text: [['482913']] } },
      { type: 'FOOTER', text: 'This code expires in 10 minutes.' },
      { type: 'BUTTONS', buttons: [{ type: 'COPY_CODE', text: 'Copy code', example: '482913' }] },
    ],
  },
];

/** A Graph-style id, as the sandbox gives its own templates (15 digits, exact as a JSON number). */
const graphId = () => `${randomInt(1, 10)}${Array.from({ length: 14 }, () => randomInt(0, 10)).join('')}`;

/** The examples' placeholder media replaced by the demo library's files, where the library was seeded. */
function withMedia(components: TemplateComponent[], urls: Record<string, string>): TemplateComponent[] {
  let json = JSON.stringify(components);
  for (const [file, url] of Object.entries(urls)) json = json.replaceAll(`${MEDIA}/${file}`, url);
  return JSON.parse(json) as TemplateComponent[];
}

/**
 * The sandbox channel and its templates, already APPROVED on both sides (ours and the sandbox's store), so the demo
 * can send at once. Secrets are sealed as a channel form would seal them.
 */
export async function seedDemoChannels(
  db: Db,
  eId: string,
  adminId: string,
  sealed: SealedBox,
  credentials: SandboxCredentials,
  mediaUrls: Record<string, string> = {},
): Promise<string> {
  const { name, contactId, phoneNumberId, wabaId } = DEMO_CHANNEL;
  const { accessToken, appSecret } = credentials;
  return db.transaction(async (tx) => {
    const [channel] = await tx
      .insert(channels)
      .values({
        eId,
        name,
        type: ChannelTypes.WhatsApp,
        vendor: WHATSAPP_CLOUD_VENDOR,
        contactId,
        data: { phoneNumberId, wabaId },
        sealedData: sealSecrets(sealed, { accessToken, appSecret }),
        createdBy: adminId,
      })
      .returning({ id: channels.id });
    const rows = DEMO_TEMPLATES.map((t) => ({ ...t, components: withMedia(t.components, mediaUrls), language: 'en_US', id: graphId() }));
    await tx
      .insert(sandboxWaTemplates)
      .values(rows.map((t) => ({ id: t.id, wabaId, name: t.name, language: t.language, category: t.category, components: t.components, status: 'APPROVED' })))
      .onConflictDoNothing();
    await tx.insert(messageTemplates).values(
      rows.map((t, i) => ({
        eId,
        channelId: channel!.id,
        name: t.name,
        language: t.language,
        category: t.category,
        kind: kindOf(t.components),
        components: t.components,
        status: 'APPROVED',
        vendorTemplateId: t.id,
        createdBy: adminId,
        // Listed newest first: the simplest template heads the list.
        createdAt: new Date(Date.now() - i * 1000),
      })),
    );
    return channel!.id;
  });
}
