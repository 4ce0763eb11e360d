import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { nlpAgentsApi } from '@parley/sdk/contract/nlp-agents';
import { nlpEntitiesApi } from '@parley/sdk/contract/nlp-entities';
import { nlpIntentsApi } from '@parley/sdk/contract/nlp-intents';
import type { InputOf } from '@parley/sdk/contract/endpoint';
import type { Db } from '../db/database.js';
import { agents } from '../db/schema.js';
import type { AuthContext } from '../http/auth-context.js';
import type { JobQueue } from '../jobs/queue.js';
import type { EventBus } from '../realtime/event-bus.js';
import { AgentService } from '../domains/nlp-agents/service.js';
import { EntityService } from '../domains/nlp-entities/service.js';
import { IntentService } from '../domains/nlp-intents/service.js';
import { trainingLimitProblem } from '../domains/nlp-intents/training-limits.js';
import { publishTraining, TRAIN_JOB } from '../domains/nlp-runtime/training-job.js';

/**
 * The demo enterprise's ready-made agent: a new user opens Try it and chats at once. Everything below is what the
 * designer would save through the API, in agent-designer 3's wire shapes, parsed by the same contracts the routes
 * use and saved through the same services.
 */
export const DEMO_AGENT = {
  name: 'Demo Pizza Bot',
  description: 'A small pizza shop assistant to try right away: orders with a size, the menu, opening hours, the address and small talk.',
} as const;

export const SIZE_PROMPT = 'What size would you like: small, medium or large?';

const PIZZA_SIZE = {
  name: 'pizza_size',
  values: [
    { value: 'small', synonyms: ['small', 'personal', 'mini', 'little'] },
    { value: 'medium', synonyms: ['medium', 'regular', 'normal size', 'standard'] },
    { value: 'large', synonyms: ['large', 'big', 'family size', 'xl', 'extra large'] },
  ],
};

/**
 * A phrase's `[bracketed]` words are the `pizza_size` entity in it, as the designer marks them by selecting text:
 * the brackets go, and the reference keeps where the words are, [entityStartPos, entityEndPos).
 */
interface DemoIntent {
  name: string;
  phrases: string[];
  responses: string[];
  /** The `size` parameter (required, of `pizza_size`): only "Order pizza" has it. */
  size?: true;
}

export const DEMO_STORIES: { name: string; intents: DemoIntent[] }[] = [
  {
    name: 'Ordering',
    intents: [
      {
        name: 'Order pizza',
        size: true,
        phrases: [
          'I want to order a pizza',
          'can I get a pizza please',
          "I'd like to order a pizza for delivery",
          "I'm hungry, let's order a pizza",
          'I want to buy a pizza',
          'order a [large] pizza',
          'can I have a [small] pizza please',
          "I'd like a [medium] pepperoni pizza",
          'get me a [family size] margherita',
          'one [big] pizza for pickup please',
          'please deliver a [regular] veggie pizza to my place',
        ],
        responses: [
          '**Great choice!** One **$size** pizza is on its way to the oven.\n\nIt will be ready in about 20 minutes. Anything else? Ask me about our opening hours or where to find us.',
        ],
      },
      {
        name: 'Menu',
        phrases: [
          'show me the menu',
          "what's on the menu",
          'can I see the menu please',
          'what pizzas do you have',
          'which toppings are available',
          'do you have vegetarian options',
          'what kinds of pizza do you make',
          'do you have gluten free crust',
          'what do you sell',
          'list your pizzas and prices',
        ],
        responses: [
          'Have a look at [our menu](https://example.com/menu). The favourites are **Margherita**, **Pepperoni**, **Veggie Supreme** and **Four Cheese**, and every pizza comes small, medium or large.',
        ],
      },
    ],
  },
  {
    name: 'Store info',
    intents: [
      {
        name: 'Store hours',
        phrases: [
          'what time do you open',
          'when do you close',
          'what are your opening hours',
          'are you open on sunday',
          'are you open right now',
          'what are your hours today',
          'how late are you open tonight',
          'when does the store open in the morning',
          'are you open on public holidays',
          'what time do you close on saturday',
        ],
        responses: ["**We're open every day:**\n\n- Monday to Friday: 11 am to 10 pm\n- Saturday: 11 am to 11 pm\n- Sunday and public holidays: noon to 9 pm"],
      },
      {
        name: 'Location',
        phrases: [
          'where are you located',
          'what is your address',
          'where is the store',
          'how do I get to your shop',
          'is there parking near the store',
          'which street are you on',
          'where can I find you',
          'do you have a branch near me',
          'give me directions to the pizzeria',
          'where is the nearest restaurant',
        ],
        responses: ["You'll find us at **12 Main Street**, next to the park.\n\n- Free parking behind the store\n- Bus lines 4 and 7 stop at the door"],
      },
    ],
  },
  {
    name: 'Small talk',
    intents: [
      {
        name: 'Greeting',
        phrases: ['hello', 'hi', 'hi there', 'hey', 'good morning', 'good evening', 'hello, is anyone there?', 'hey bot', 'howdy', 'good afternoon'],
        responses: [
          "**Hi, I'm the Demo Pizza Bot!** I can:\n\n- take your pizza order\n- show you the menu\n- tell you our opening hours and where we are\n\nWhat would you like?",
        ],
      },
      {
        name: 'Goodbye',
        phrases: [
          'thanks',
          'thank you',
          'thanks a lot, bye',
          'goodbye',
          'bye',
          'see you later',
          "that's all, thanks",
          'have a nice day',
          'cheers',
          'thank you so much',
        ],
        responses: ['**Thanks for stopping by!** Enjoy your pizza and come back soon.'],
      },
    ],
  },
];

/** Turns `order a [large] pizza` into the phrase and its entity reference, as the designer saves them. */
export function demoUtterance(phrase: string, entityId: string) {
  const refs: { entityId: string; entityStartPos: number; entityEndPos: number }[] = [];
  let text = '';
  for (const [i, part] of phrase.split(/\[|\]/).entries()) {
    // Odd parts sat between brackets.
    if (i % 2 === 1) refs.push({ entityId, entityStartPos: text.length, entityEndPos: text.length + part.length });
    text += part;
  }
  return { utterance: text, entityDefined: refs.length > 0, entityRefs: refs };
}

/**
 * Creates the demo agent through the designer's services, as the enterprise's administrator would: the agent, its
 * stories, the `pizza_size` entity and the intents. Returns the agent's id; training is requested separately
 * (`requestDemoTraining`), once the job queue runs.
 */
export async function createDemoAgent(db: Db, admin: { eId: string; uId: string }): Promise<string> {
  const auth: AuthContext = { eId: admin.eId, uId: admin.uId, roles: [], permissions: new Set(['NLP.NLP']), credentialId: 'seed', method: 'password' };
  const agentService = new AgentService(db);
  const intentService = new IntentService(db);
  const { id: agentId } = await agentService.save(
    auth,
    nlpAgentsApi.save.input.parse({ ...DEMO_AGENT, type: 'nlp' } satisfies InputOf<typeof nlpAgentsApi.save>),
  );
  const entity = nlpEntitiesApi.save.input.parse({
    agentId,
    name: PIZZA_SIZE.name,
    values: PIZZA_SIZE.values.map((v) => ({ value: v.value, type: 'synonyms', synonyms: v.synonyms })),
  } satisfies InputOf<typeof nlpEntitiesApi.save>);
  const { id: sizeId } = await new EntityService(db).save(auth, entity);
  for (const story of DEMO_STORIES) {
    const { id: storyId } = await agentService.saveStory(
      auth,
      nlpAgentsApi.saveStory.input.parse({ agentId, name: story.name } satisfies InputOf<typeof nlpAgentsApi.saveStory>),
    );
    for (const intent of story.intents) {
      const body: InputOf<typeof nlpIntentsApi.save> = {
        agentId,
        storyId,
        name: intent.name,
        utterances: intent.phrases.map((p) => demoUtterance(p, sizeId)),
        responses: intent.responses.map((response) => ({ response })),
        entities: intent.size ? [{ id: sizeId, name: 'size', required: true, value: '$size', prompts: [SIZE_PROMPT] }] : [],
      };
      await intentService.save(auth, nlpIntentsApi.save.input.parse(body));
    }
  }
  return agentId;
}

/**
 * Requests the agent's training as `GET nlp/agent/:id/train` does: the agent names its job, the job is queued, the
 * console hears that training started. A worker of this or another process trains it (with PARLEY_JOBS=off here,
 * the job waits for one); nothing waits for it. If the job cannot be queued, the agent is left untrained, for the
 * designer's Train button, rather than shown as training forever.
 */
export async function requestDemoTraining(deps: { db: Db; jobs: JobQueue; events: EventBus }, eId: string, agentId: string): Promise<string> {
  const { db, jobs, events } = deps;
  const overLimit = await trainingLimitProblem(db, eId, agentId);
  if (overLimit) throw new Error(overLimit);
  const jobId = randomUUID();
  const mine = and(eq(agents.id, agentId), eq(agents.eId, eId));
  await db
    .update(agents)
    .set({ trainingState: 'training', trainingProgress: 0, trainingError: null, trainingJobId: jobId, trainingResumed: false })
    .where(mine);
  try {
    await jobs.send(TRAIN_JOB, { eId, agentId }, { id: jobId });
  } catch (err) {
    await db
      .update(agents)
      .set({ trainingState: 'not-trained', trainingProgress: null, trainingJobId: null })
      .where(and(mine, eq(agents.trainingJobId, jobId)));
    throw err;
  }
  await publishTraining(db, events, eId, agentId);
  return jobId;
}
