import { describe, expect, it } from 'vitest';
import { normalize } from '../text/normalize.js';
import { offlineParaphraseGenerator } from './offline-generator.js';

describe('offline paraphrases', () => {
  it('returns the count asked for, distinct, never the input, never empty', async () => {
    const inputs = ['I want to book a flight to Paris', 'cancel my order', 'what is the weather tomorrow', 'hi'];
    for (const count of [10, 5]) {
      const out = await offlineParaphraseGenerator.generate(inputs, count);
      out.forEach((list, i) => {
        expect(list, inputs[i]).toHaveLength(count);
        const keys = list.map(normalize);
        expect(new Set(keys).size).toBe(count);
        expect(keys).not.toContain(normalize(inputs[i]!));
        for (const p of list) expect(p.trim().length).toBeGreaterThan(0);
      });
    }
  });

  it('keeps names as written and rewrites the request form', async () => {
    const [list] = await offlineParaphraseGenerator.generate(['I want to book a flight to Paris'], 5);
    expect(list!.every((p) => p.includes('Paris'))).toBe(true);
    expect(list).toContain('I would like to book a flight to Paris');
  });

  it("stays grammatical: everyday synonyms, the right request form for who acts, the phrase's own spelling", async () => {
    const cases: [string, RegExp][] = [
      // WordNet's first sense of "order" is "command": tell, enjoin, say.
      ['I want to order a pizza', /\b(enjoin|tell|say) a pizza/i],
      // The bot shows; "I want to show me" is not English.
      ['show me the menu', /^I (want|need|would like|wish) to show me/i],
      // Asking the bot to deliver must not become the speaker delivering.
      ['can you deliver to my home', /^(I (want|need|would like|wish) to|How (do|can) I) deliver/i],
      ['book a table for two', /\bii\b/],
      ["what's your hometown", /what s\b/i],
      ['can I protect my credit score', /tell me can I/i],
      ['hi', /want to hi|hi, please/i],
      ['refund policy', /^(I want to|Please) refund/i],
    ];
    for (const [phrase, wrong] of cases) {
      const [list] = await offlineParaphraseGenerator.generate([phrase], 10);
      expect(list!.length, phrase).toBeGreaterThanOrEqual(5);
      for (const p of list!) expect(p, `${phrase} → ${p}`).not.toMatch(wrong);
    }
    const [menu] = await offlineParaphraseGenerator.generate(['show me the menu'], 5);
    expect(menu).toContain('Can you show me the menu?');
    const [hometown] = await offlineParaphraseGenerator.generate(["what's your hometown"], 5);
    expect(hometown).toContain("Tell me what's your hometown");
  });
});
