import { readFileSync } from 'node:fs';
import { classify, train, type AgentModel } from '../model/agent-model.js';
import { datasetsDir, SMOKE } from './datasets.js';

type Row = [string, string];
const OOS = 'oos';

function load() {
  const data = JSON.parse(readFileSync(`${datasetsDir()}/clinc150/data_full.json`, 'utf8')) as Record<string, Row[]>;
  if (!SMOKE) return data;
  const intents = new Set([...new Set(data.train!.map(([, intent]) => intent))].slice(0, 20));
  return Object.fromEntries(
    Object.entries(data).map(([split, rows]) => [split, split.startsWith('oos') ? rows.slice(0, 100) : rows.filter(([, i]) => intents.has(i))]),
  );
}

function specOf(rows: Row[]) {
  const byIntent = new Map<string, { text: string }[]>();
  for (const [text, intent] of rows) byIntent.set(intent, [...(byIntent.get(intent) ?? []), { text }]);
  return { language: 'en' as const, intents: [...byIntent].map(([name, phrases]) => ({ name, phrases })) };
}

/** Each query classified once: its top intent and confidence; thresholds are then swept over these. */
type Scored = { gold: string; top: string; confidence: number }[];
const scoreAll = (model: AgentModel, rows: Row[], gold?: string): Scored =>
  rows.map(([t, i]) => {
    const r = classify(model, t);
    return { gold: gold ?? i, top: r.ranking[0]?.intent ?? OOS, confidence: r.confidence };
  });

/** Predicted label: an intent, or oos when below the threshold or when the oos class wins (oos-train). */
const label = (s: Scored[number], threshold: number) => (s.confidence < threshold || s.top === OOS ? OOS : s.top);

function score(inScope: Scored, outOfScope: Scored, threshold: number) {
  const truePos = outOfScope.filter((s) => label(s, threshold) === OOS).length;
  const falseOos = inScope.filter((s) => label(s, threshold) === OOS).length;
  return {
    inScopeAccuracy: inScope.filter((s) => label(s, threshold) === s.gold).length / inScope.length,
    oosRecall: truePos / outOfScope.length,
    oosPrecision: truePos / Math.max(1, truePos + falseOos),
  };
}

export interface ClincResult {
  variant: string;
  threshold: number;
  inScopeAccuracy: number;
  oosRecall: number;
  oosPrecision: number;
  trainMs: number;
  model: AgentModel;
}

/**
 * Larson et al. 2019 protocol: train on train (+ oos_train for oos-train); the threshold is chosen on val/oos_val
 * (best joint accuracy over in-scope and out-of-scope queries); test and oos_test are only scored.
 */
export function clinc(
  variant: 'oos-threshold' | 'oos-train',
  criterion: 'joint' | 'recall50' = 'joint',
  trained?: { model: AgentModel; trainMs: number },
): ClincResult {
  const data = load();
  const trainRows = variant === 'oos-train' ? [...data.train!, ...data.oos_train!] : data.train!;
  const t0 = performance.now();
  const model = trained?.model ?? train(specOf(trainRows));
  const trainMs = trained?.trainMs ?? performance.now() - t0;
  const val = scoreAll(model, data.val!);
  const oosVal = scoreAll(model, data.oos_val!, OOS);
  // 'joint': best accuracy over in-scope and out-of-scope val queries together; 'recall50': the lowest threshold
  // that reaches 50% out-of-scope recall on val (the target's operating point).
  let best = { threshold: 0, joint: -1 };
  for (let t = 0; t <= 0.9; t += 0.001) {
    const s = score(val, oosVal, t);
    if (criterion === 'recall50') {
      if (s.oosRecall >= 0.5) {
        best = { threshold: t, joint: 0 };
        break;
      }
      continue;
    }
    const joint = (s.inScopeAccuracy * val.length + s.oosRecall * oosVal.length) / (val.length + oosVal.length);
    if (joint > best.joint) best = { threshold: t, joint };
  }
  const test = scoreAll(model, data.test!);
  const oosTest = scoreAll(model, data.oos_test!, OOS);
  return {
    variant: criterion === 'joint' ? variant : `${variant} (50% recall on val)`,
    threshold: best.threshold,
    ...score(test, oosTest, best.threshold),
    trainMs,
    model,
  };
}

/** The first `perIntent` phrases of each intent in `train` (all of them when undefined). */
function firstPhrases(rows: Row[], perIntent?: number): Row[] {
  if (perIntent === undefined) return rows;
  const seen = new Map<string, number>();
  return rows.filter(([, intent]) => {
    const n = seen.get(intent) ?? 0;
    seen.set(intent, n + 1);
    return n < perIntent;
  });
}

export interface DefaultResult {
  variant: string;
  /** Top-1 accuracy on test whatever the confidence. */
  rawTop1: number;
  /** In-scope test queries answered with their intent at the agent's default threshold (0.5). */
  inScopeAccuracy: number;
  /** In-scope test queries answered at all. */
  answered: number;
  oosRecall: number;
  trainMs: number;
  model: AgentModel;
}

/**
 * The product's operating point: the agent's default threshold (0.5), nothing tuned. `perIntent` cuts `train` to the
 * first phrases of each intent (a small agent); scored on the whole test and oos_test.
 */
export function clincAtDefault(perIntent?: number, trained?: { model: AgentModel; trainMs: number }): DefaultResult {
  const data = load();
  const t0 = performance.now();
  const model = trained?.model ?? train(specOf(firstPhrases(data.train!, perIntent)));
  const trainMs = trained?.trainMs ?? performance.now() - t0;
  const test = data.test!.map(([t, gold]) => ({ gold, r: classify(model, t) }));
  const oosTest = data.oos_test!.map(([t]) => classify(model, t));
  return {
    variant: perIntent === undefined ? 'all phrases' : `first ${perIntent} phrases per intent`,
    rawTop1: test.filter((q) => q.r.ranking[0]?.intent === q.gold).length / test.length,
    inScopeAccuracy: test.filter((q) => q.r.intent === q.gold).length / test.length,
    answered: test.filter((q) => !q.r.outOfScope).length / test.length,
    oosRecall: oosTest.filter((r) => r.outOfScope).length / oosTest.length,
    trainMs,
    model,
  };
}

/**
 * The default operating point (0.5) on `val` and `oos_val`, for choosing settings without looking at `test`:
 * `perIntent` cuts `train` as clincAtDefault does.
 */
export function clincValAtDefault(perIntent?: number) {
  const data = load();
  const t0 = performance.now();
  const model = train(specOf(firstPhrases(data.train!, perIntent)));
  const trainMs = performance.now() - t0;
  const val = data.val!.map(([t, gold]) => ({ gold, r: classify(model, t) }));
  const oosVal = data.oos_val!.map(([t]) => classify(model, t));
  return {
    variant: perIntent === undefined ? 'all phrases' : `first ${perIntent} phrases per intent`,
    rawTop1: val.filter((q) => q.r.ranking[0]?.intent === q.gold).length / val.length,
    inScopeAccuracy: val.filter((q) => q.r.intent === q.gold).length / val.length,
    answered: val.filter((q) => !q.r.outOfScope).length / val.length,
    oosRecall: oosVal.filter((r) => r.outOfScope).length / oosVal.length,
    trainMs,
  };
}
