import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { agents } from '../db/schema.js';
import { textPdf } from '../domains/knowledge-base/text-pdf.js';
import { DocumentExistsError, type DocumentStore } from '../domains/nlp-genai/document-store.js';

export const DEMO_MENU_FILE = 'Pizza menu.pdf';

/** The Demo Pizza Bot's menu: what its knowledge base answers from when a question is outside its intents. */
export const demoMenuPdf = () =>
  textPdf(
    [
      {
        title: 'Our pizzas',
        lines: [
          'Margherita: tomato, mozzarella and fresh basil. Small 199, medium 299, large 399.',
          'Pepperoni: spicy pepperoni and mozzarella. Small 249, medium 349, large 449.',
          'Veggie Supreme: onion, capsicum, mushroom, olives and sweet corn. Small 229, medium 329, large 429.',
          'Four Cheese: mozzarella, cheddar, parmesan and gouda. Small 259, medium 359, large 459.',
        ],
      },
      {
        title: 'Bases, allergens and delivery',
        lines: [
          'Every pizza comes on a hand-tossed or a thin crust base.',
          'Gluten free base available on request, for medium pizzas only.',
          'Our kitchen handles wheat, milk, soy and nuts; ask us before you order if you have an allergy.',
          'Delivery is free within 5 km and takes about 30 minutes.',
          'We are open every day from 11 am to 11 pm.',
        ],
      },
    ],
    { title: 'Demo Pizza menu' },
  );

/**
 * Uploads the menu as the designer would on the Gen AI screen and switches the knowledge base from documents on;
 * the demo training then indexes it. No language model is configured: answers are quoted from the menu.
 */
export async function seedDemoKnowledgeBase(db: Db, documents: DocumentStore, eId: string, agentId: string) {
  await documents.put({ eId, agentId }, DEMO_MENU_FILE, demoMenuPdf()).catch((err: unknown) => {
    if (!(err instanceof DocumentExistsError)) throw err;
  });
  const genai = { kbFromDoc: true, kbFromWebsite: false, genAiConfigId: null, websitesUrls: [] };
  await db
    .update(agents)
    .set({ config: sql`${agents.config} || jsonb_build_object('genai', ${JSON.stringify(genai)}::jsonb)` })
    .where(and(eq(agents.id, agentId), eq(agents.eId, eId)));
}
