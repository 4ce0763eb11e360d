import { describe, expect, it } from 'vitest';
import type { TrainSpec } from '../types.js';
import { classify, train } from './agent-model.js';

const agent = (intents: Record<string, string[]>): TrainSpec => ({
  language: 'en',
  intents: Object.entries(intents).map(([name, phrases]) => ({ name, phrases: phrases.map((text) => ({ text })) })),
});

/** Questions about nothing any of the agents below covers: none shares a content word with their phrases. */
const OFF_TOPIC = [
  'what is the boiling point of mercury',
  'who won the world cup',
  'tell me a joke about cats',
  'how far away is the moon',
  'who wrote war and peace',
];

const SHOP = agent({
  opening_hours: ['when do you open', 'what are your opening hours', 'what time do you close', 'are you open today', 'how late are you open'],
  order_status: ['where is my order', 'track my order', 'what is the status of my order', 'when will my order arrive', 'has my package been delivered'],
});

const SHAPES: { name: string; spec: TrainSpec; inScope: [string, string][] }[] = [
  {
    name: 'two intents',
    spec: SHOP,
    inScope: [
      ['what time do you open on sunday', 'opening_hours'],
      ['has my order shipped', 'order_status'],
    ],
  },
  {
    name: 'three intents',
    spec: agent({
      reset_password: ['i forgot my password', 'reset my password', 'i cannot log in', 'change my password please', 'my password does not work'],
      billing: ['why was i charged twice', 'i have a question about my bill', 'refund my payment', 'what is this charge', 'update my credit card'],
      contact_human: ['talk to a person', 'i want a human agent', 'connect me to support', 'can i speak to someone', 'call me back'],
    }),
    inScope: [
      ['how do i reset the password', 'reset_password'],
      ['there is a wrong charge on my bill', 'billing'],
      ['let me speak to a human', 'contact_human'],
    ],
  },
  {
    name: 'four intents',
    spec: agent({
      book_table: ['book a table for two', 'i want to make a reservation', 'reserve a table tonight', 'do you have a table for four', 'table for six at eight'],
      menu: ['what is on the menu', 'do you have vegetarian dishes', 'show me the menu', 'what desserts do you serve', 'is there a kids menu'],
      location: ['where are you located', 'what is your address', 'how do i find the restaurant', 'is there parking nearby', 'directions to the restaurant'],
      cancel_booking: ['cancel my reservation', 'i need to cancel my booking', 'we cannot come tonight', 'remove my table booking', 'cancel the table'],
    }),
    inScope: [
      ['can i reserve a table for three', 'book_table'],
      ['any vegan dishes on the menu', 'menu'],
      ['what is the restaurant address', 'location'],
      ['please cancel our reservation', 'cancel_booking'],
    ],
  },
  {
    name: 'five intents',
    spec: agent({
      balance: ['what is my balance', 'how much money is in my account', 'show my account balance', 'check my balance', 'balance of my savings'],
      transfer: ['send money to john', 'transfer 50 dollars to savings', 'make a transfer', 'move money between accounts', 'pay my friend'],
      card_lost: ['i lost my card', 'my card was stolen', 'block my card', 'freeze my debit card', 'i cannot find my card'],
      loan: ['apply for a loan', 'what are your loan rates', 'can i borrow money', 'i need a mortgage', 'personal loan options'],
      branch_hours: ['when is the branch open', 'branch opening hours', 'is the bank open on saturday', 'what time does the bank close', 'branch hours today'],
    }),
    inScope: [
      ['how much is in my savings account', 'balance'],
      ['transfer money to my mother', 'transfer'],
      ['someone stole my credit card', 'card_lost'],
      ['what is the interest rate on a loan', 'loan'],
      ['what time does the branch open', 'branch_hours'],
    ],
  },
];

describe('small agents and out-of-scope questions', () => {
  for (const { name, spec, inScope } of SHAPES) {
    describe(name, () => {
      const model = train(spec);

      it('sends a question sharing no content word with any intent out of scope', () => {
        for (const text of OFF_TOPIC) expect(classify(model, text), text).toMatchObject({ intent: null, outOfScope: true });
      });

      it('still answers unseen in-scope paraphrases with the right intent', () => {
        for (const [text, intent] of inScope) expect(classify(model, text), text).toMatchObject({ intent, outOfScope: false });
      });
    });
  }
});
