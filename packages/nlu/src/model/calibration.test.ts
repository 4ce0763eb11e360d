import { describe, expect, it } from 'vitest';
import type { TrainSpec } from '../types.js';
import { classify, train } from './agent-model.js';
import { calibrate, fitCalibration, gaps, OUT_OF_SCOPE_QUANTILE, PRIOR, type CalibrationSample } from './calibration.js';
import { deserializeModel, serializeModel } from './serialize.js';
import { SMALL_AGENT } from './small-agent-spec.js';

/** Two or three phrases per intent, as a new agent starts. */
const TINY: TrainSpec = {
  ...SMALL_AGENT,
  intents: [...SMALL_AGENT.intents, { name: 'opening_hours', phrases: [{ text: 'when do you open' }, { text: 'what are your opening hours' }] }],
};

/** Deterministic pseudo-random numbers in [0, 1). */
function random(seed: number) {
  let s = seed;
  return () => (s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 4294967296;
}

describe('confidence calibration', () => {
  const model = train(TINY);

  it('is fitted at training, the same for the same spec, and stored with the model', () => {
    const c = model.classifier.calibration!;
    expect(c).toBeDefined();
    expect(train(TINY).classifier.calibration).toEqual(c);
    expect(c.margin).toBeGreaterThan(0);
    expect(c.gap).toBeGreaterThanOrEqual(0);
    const restored = deserializeModel(serializeModel(model));
    expect(restored.classifier.calibration).toEqual(c);
    expect(classify(restored, 'book me a flight to Rome')).toEqual(classify(model, 'book me a flight to Rome'));
  });

  it('lets a tiny agent answer its own paraphrases above 0.5 and decline unrelated messages below it', () => {
    const own: [string, string][] = [
      ['please book me a flight to Paris', 'book_flight'],
      ['cancel the order I made', 'cancel_order'],
      ['how much is in my account', 'check_balance'],
      ['is it going to rain', 'weather'],
      ['what time do you open', 'opening_hours'],
    ];
    for (const [text, intent] of own) {
      const r = classify(model, text);
      expect(r, text).toMatchObject({ intent, outOfScope: false });
      expect(r.confidence, text).toBeGreaterThan(0.5);
    }
    for (const text of ['what is the capital of mongolia', 'my cat likes to sleep on the sofa', 'quantum chromodynamics lecture notes', '🙂🙂🙂']) {
      const r = classify(model, text);
      expect(r, text).toMatchObject({ intent: null, outOfScope: true });
      expect(r.confidence, text).toBeLessThan(0.5);
    }
  });

  it('keeps the ranking of the margins, and a model stored before calibration keeps sigmoid(4 × margin)', () => {
    const r = classify(model, 'book a flight');
    for (let i = 1; i < r.ranking.length; i++) expect(r.ranking[i]!.confidence).toBeLessThanOrEqual(r.ranking[i - 1]!.confidence);
    const older = deserializeModel(serializeModel({ ...model, classifier: { ...model.classifier, calibration: undefined } }));
    expect(older.classifier.calibration).toBeUndefined();
    const before = classify(older, 'book a flight');
    expect(before.ranking.map((x) => x.intent)).toEqual(r.ranking.map((x) => x.intent));
    expect(before.confidence).not.toBeCloseTo(r.confidence, 3);
  });

  it('fits slopes that grow with the score and puts 0.5 at the chosen share of out-of-scope evidence', () => {
    const next = random(1);
    const samples: CalibrationSample[] = [];
    for (let i = 0; i < 400; i++) samples.push({ margin: 0.2 + next(), gap: 1 + next(), inScope: true, correct: true });
    for (let i = 0; i < 100; i++) samples.push({ margin: -0.5 + next(), gap: next(), inScope: true, correct: false });
    for (let i = 0; i < 400; i++) samples.push({ margin: -1 + next(), gap: next() * 0.5, inScope: false, correct: false });
    const c = fitCalibration(samples);
    expect(fitCalibration(samples)).toEqual(c);
    expect(c.margin).toBeGreaterThan(0);
    expect(c.gap).toBeGreaterThan(0);
    const oos = samples.filter((s) => !s.inScope);
    const declined = oos.filter((s) => calibrate(c, s.margin, s.gap) < 0.5).length / oos.length;
    expect(declined).toBeGreaterThan(OUT_OF_SCOPE_QUANTILE - 0.05);
    expect(declined).toBeLessThan(OUT_OF_SCOPE_QUANTILE + 0.05);
    // No evidence at all (an agent of two intents): the prior.
    expect(fitCalibration([])).toEqual(PRIOR);
  });

  it('gives each intent its gap to the best other one', () => {
    expect([...gaps([0.5, -0.2, 0.1])].map((x) => +x.toFixed(6))).toEqual([0.4, -0.7, -0.4]);
    expect([...gaps([0.3])]).toEqual([1.3]);
  });
});
