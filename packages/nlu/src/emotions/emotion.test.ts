import { describe, expect, it } from 'vitest';
import { detectEmotion } from './emotion-model.js';

describe('emotion', () => {
  it('reads clear emotions from the committed model', () => {
    expect(detectEmotion('Thank you so much, this is great!').label).toMatch(/gratitude|admiration|joy/);
    expect(detectEmotion('This is terrible, I am so angry with your service').label).toMatch(/anger|annoyance|disapproval/);
  });

  it('says neutral when nothing is confident, with a score between 0 and 1', () => {
    const e = detectEmotion('The invoice number is 4411.');
    expect(e.label).toBe('neutral');
    expect(e.score).toBeGreaterThanOrEqual(0);
    expect(e.score).toBeLessThanOrEqual(1);
    expect(detectEmotion('').label).toBe('neutral');
  });
});
