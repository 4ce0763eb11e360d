import { readFileSync } from 'node:fs';
import { classify, train, type AgentModel } from '../model/agent-model.js';
import { datasetsDir } from './datasets.js';

type Row = [string, string];
const OOS = 'oos';

function load() {
  return JSON.parse(readFileSync(`${datasetsDir()}/clinc150/data_full.json`, 'utf8')) as Record<string, Row[]>;
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
export function clinc(variant: 'oos-threshold' | 'oos-train', criterion: 'joint' | 'recall50' = 'joint'): ClincResult {
  const data = load();
  const trainRows = variant === 'oos-train' ? [...data.train!, ...data.oos_train!] : data.train!;
  const t0 = performance.now();
  const model = train(specOf(trainRows));
  const trainMs = performance.now() - t0;
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
  return { variant: criterion === 'joint' ? variant : `${variant} (50% recall on val)`, threshold: best.threshold, ...score(test, oosTest, best.threshold), trainMs, model };
}
