/**
 * Per-agent calibration of the intent confidence, fitted at training time on evidence the model did not train on
 * (calibrationEvidence in svm-model.ts): held-out phrases of known intents (in scope), and the phrases of held-out
 * intents, which are out of scope for a sub-model trained without them.
 *
 * confidence = sigmoid(margin × m + gap × g + offset), m the intent's one-vs-rest margin and g its gap to the best
 * other intent; the slopes are ≥ 0, so confidence grows with the score and the ranking stays the SVM's.
 * - The slopes: a logistic regression of in-scope-and-right (1) against out-of-scope (0) evidence.
 * - The offset: 0.5 sits where OUT_OF_SCOPE_QUANTILE of the held-out intents' phrases fall below it. Held-out
 *   intents are an agent's own domain (a bank agent's "transfer" held out while "balance" stays), so they score far
 *   higher than messages a user sends out of scope; where the two kinds balance (or any fixed weighting of them) is
 *   an agent-size-dependent point. A quantile of them is the same point for every size: on CLINC150 val the 0.3
 *   quantile let through about half of `oos_val` for agents of 5, 10 and 100 phrases per intent alike.
 */
export interface Calibration {
  margin: number;
  gap: number;
  offset: number;
}

export interface CalibrationSample {
  /** The top intent's margin. */
  margin: number;
  /** Its margin minus the second intent's. */
  gap: number;
  /** The message was in scope. */
  inScope: boolean;
  /** In scope and the top intent is its intent. */
  correct: boolean;
}

/**
 * The map of an agent with no out-of-scope evidence (two intents: a sub-model of one has nothing to tell apart), and
 * the prior every fit is pulled towards: about the fits of cut-down CLINC150 agents made from `train`.
 */
export const PRIOR: Calibration = { margin: 4, gap: 1.5, offset: 2 };
/** Share of the held-out intents' phrases that fall below 0.5; chosen on CLINC150 val/oos_val among 0.15-0.3. */
export const OUT_OF_SCOPE_QUANTILE = 0.3;
/** Weight of the prior, in samples: a tiny agent's few held-out phrases move it little, a large agent's a lot. */
export const PRIOR_STRENGTH = 8;

export interface FitOptions {
  /** Experiments: weight of the out-of-scope evidence in the slopes' regression (default 1: both halves equal). */
  oosWeight?: number;
  priorStrength?: number;
  prior?: Calibration;
  /** Experiments: keep in-scope messages the model got wrong as negatives (default: left out). */
  keepWrong?: boolean;
  /** Experiments: null keeps the regression's own offset. */
  quantile?: number | null;
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

export function calibrate(c: Calibration, margin: number, gap: number): number {
  return sigmoid(c.margin * margin + c.gap * gap + c.offset);
}

/** The gap of every intent: its margin minus the best of the others' (the runner-up's for the top intent). */
export function gaps(margins: ArrayLike<number>): Float64Array {
  let best = -Infinity;
  let second = -Infinity;
  for (let k = 0; k < margins.length; k++) {
    const m = margins[k]!;
    if (m > best) {
      second = best;
      best = m;
    } else if (m > second) second = m;
  }
  const out = new Float64Array(margins.length);
  for (let k = 0; k < margins.length; k++) {
    const other = margins[k] === best ? second : best;
    // An agent of one intent has no other: its margin against the SVM's "no" level (-1).
    out[k] = margins[k]! - (Number.isFinite(other) ? other : -1);
  }
  return out;
}

/**
 * The slopes: maximum a posteriori logistic regression of in-scope-and-right against out-of-scope on (margin, gap),
 * by Newton's method with backtracking (deterministic; milliseconds for thousands of samples). In-scope messages the
 * sub-model got wrong are left out: they are neither what to answer nor what to decline. The two kinds each weigh
 * half the total; the prior pulls towards PRIOR with the weight of PRIOR_STRENGTH samples, and a negative slope is
 * pinned to zero. The offset: the OUT_OF_SCOPE_QUANTILE point of the out-of-scope evidence, pulled towards the
 * prior's by the same weight.
 */
export function fitCalibration(samples: CalibrationSample[], options: FitOptions = {}): Calibration {
  if (!options.keepWrong) samples = samples.filter((s) => !s.inScope || s.correct);
  const prior = options.prior ?? PRIOR;
  const strength = options.priorStrength ?? PRIOR_STRENGTH;
  const oosWeight = options.oosWeight ?? 1;
  const inScope = samples.filter((s) => s.inScope).length;
  const outOfScope = samples.length - inScope;
  if (!samples.length) return { ...prior };
  // Each side totals half the samples (when both are present), so the prior's weight keeps its meaning.
  const half = samples.length / 2;
  const wIn = outOfScope ? half / Math.max(1, inScope) : 1;
  const wOut = inScope ? (half / Math.max(1, outOfScope)) * oosWeight : 1;
  const p0 = [prior.margin, prior.gap, prior.offset];
  // The prior is weaker on the offset (a level every agent sets for itself) than on the slopes.
  const lambda = [strength, strength, strength / 4];
  const loss = (t: number[]) => {
    let total = 0;
    for (const s of samples) {
      const z = t[0]! * s.margin + t[1]! * s.gap + t[2]!;
      // log(1 + e^-z) for a positive, log(1 + e^z) for a negative, computed stably.
      const signed = s.correct ? -z : z;
      total += (s.inScope ? wIn : wOut) * (signed > 0 ? signed + Math.log1p(Math.exp(-signed)) : Math.log1p(Math.exp(signed)));
    }
    for (let i = 0; i < 3; i++) total += (lambda[i]! / 2) * (t[i]! - p0[i]!) ** 2;
    return total;
  };
  let fixed = [false, false, false];
  let theta = [...p0];
  for (let round = 0; round < 3; round++) {
    theta = theta.map((t, i) => (fixed[i] ? 0 : t));
    for (let it = 0; it < 50; it++) {
      const g = [0, 0, 0];
      const h = [
        [0, 0, 0],
        [0, 0, 0],
        [0, 0, 0],
      ];
      for (const s of samples) {
        const x = [s.margin, s.gap, 1];
        const w = s.inScope ? wIn : wOut;
        const p = sigmoid(theta[0]! * x[0]! + theta[1]! * x[1]! + theta[2]!);
        const r = w * (p - (s.correct ? 1 : 0));
        const v = w * Math.max(p * (1 - p), 1e-9);
        for (let i = 0; i < 3; i++) {
          g[i] = g[i]! + r * x[i]!;
          for (let j = 0; j < 3; j++) h[i]![j] = h[i]![j]! + v * x[i]! * x[j]!;
        }
      }
      for (let i = 0; i < 3; i++) {
        g[i] = g[i]! + lambda[i]! * (theta[i]! - p0[i]!);
        h[i]![i] = h[i]![i]! + lambda[i]!;
      }
      for (let i = 0; i < 3; i++) {
        if (!fixed[i]) continue;
        g[i] = 0;
        for (let j = 0; j < 3; j++) h[i]![j] = h[j]![i] = i === j ? 1 : 0;
      }
      const step = solve3(h, g);
      // Backtracking: a full Newton step can overshoot when the evidence is nearly separable.
      const before = loss(theta);
      let scale = 1;
      let next = theta.map((t, i) => t - step[i]!);
      while (scale > 1e-4 && loss(next) > before) {
        scale /= 2;
        next = theta.map((t, i) => t - scale * step[i]!);
      }
      const size = Math.max(...step.map((x) => Math.abs(x * scale)));
      theta = next;
      if (size < 1e-7) break;
    }
    const negative = [theta[0]! < 0, theta[1]! < 0, false];
    if (!negative.some((n, i) => n && !fixed[i])) break;
    fixed = fixed.map((f, i) => f || negative[i]!);
  }
  const quantile = options.quantile === undefined ? OUT_OF_SCOPE_QUANTILE : options.quantile;
  if (quantile !== null) {
    const z = samples
      .filter((s) => !s.inScope)
      .map((s) => Math.max(0, theta[0]!) * s.margin + Math.max(0, theta[1]!) * s.gap)
      .sort((a, b) => a - b);
    if (z.length) {
      const at = z[Math.min(z.length - 1, Math.floor(quantile * z.length))]!;
      theta[2] = (z.length * -at + strength * prior.offset) / (z.length + strength);
    }
  }
  const round6 = (x: number) => Math.round(x * 1e6) / 1e6;
  return { margin: round6(Math.max(0, theta[0]!)), gap: round6(Math.max(0, theta[1]!)), offset: round6(theta[2]!) };
}

/** Solves the 3 × 3 system h·x = g (h symmetric positive definite) by Gaussian elimination. */
function solve3(h: number[][], g: number[]): number[] {
  const a = h.map((row, i) => [...row, g[i]!]);
  for (let c = 0; c < 3; c++) {
    let pivot = c;
    for (let r = c + 1; r < 3; r++) if (Math.abs(a[r]![c]!) > Math.abs(a[pivot]![c]!)) pivot = r;
    [a[c], a[pivot]] = [a[pivot]!, a[c]!];
    for (let r = c + 1; r < 3; r++) {
      const f = a[r]![c]! / a[c]![c]!;
      for (let k = c; k < 4; k++) a[r]![k] = a[r]![k]! - f * a[c]![k]!;
    }
  }
  const x = [0, 0, 0];
  for (let r = 2; r >= 0; r--) {
    let s = a[r]![3]!;
    for (let k = r + 1; k < 3; k++) s -= a[r]![k]! * x[k]!;
    x[r] = s / a[r]![r]!;
  }
  return x;
}
