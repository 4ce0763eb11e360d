import type { TrainSpec } from '../types.js';

/** A small agent as the designer allows it, two or three phrases per intent: the shared fixture of the model tests. */
export const SMALL_AGENT: TrainSpec = {
  language: 'en',
  intents: [
    { name: 'book_flight', phrases: [{ text: 'book a flight to London' }, { text: 'I need a plane ticket' }, { text: 'reserve a flight for tomorrow' }] },
    { name: 'cancel_order', phrases: [{ text: 'cancel my order' }, { text: 'I want to cancel the purchase' }] },
    { name: 'check_balance', phrases: [{ text: 'what is my account balance' }, { text: 'how much money do I have' }] },
    { name: 'weather', phrases: [{ text: 'what is the weather today' }, { text: 'will it rain tomorrow' }, { text: 'is it sunny outside' }] },
    { name: 'greeting', phrases: [{ text: 'hello there' }, { text: 'good morning' }, { text: 'hi' }] },
  ],
};
