// Trains the emotion classifier on GoEmotions train.tsv, tunes per-label thresholds on dev.tsv, and writes
// models/emotions.bin.gz. The test split is never read here (the benchmark scores it).
// Run: npm run train:emotions -w @parley/nlu
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { gzipSync } from 'node:zlib';
import { scores, trainLinearSvm } from '../classifier/linear-svm.js';
import { Vectorizer } from '../features/vectorizer.js';
import { datasetsDir } from '../bench/datasets.js';
import { encodeEmotionModel, type EmotionModel } from './emotion-file.js';
import { EMOTION_MODEL_FILE } from './emotion-model.js';

export interface Example {
  text: string;
  labels: number[];
}

export function readGoEmotions(split: 'train' | 'dev' | 'test'): { labels: string[]; examples: Example[] } {
  const dir = `${datasetsDir()}/goemotions`;
  const labels = readFileSync(`${dir}/labels.txt`, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const examples = readFileSync(`${dir}/${split}.tsv`, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [text, ids] = line.split('\t');
      return { text: text ?? '', labels: (ids ?? '').split(',').map(Number) };
    });
  return { labels, examples };
}

function f1(tp: number, fp: number, fn: number) {
  return tp === 0 ? 0 : (2 * tp) / (2 * tp + fp + fn);
}

export function trainEmotions(c = 0.5): EmotionModel {
  const train = readGoEmotions('train');
  const dev = readGoEmotions('dev').examples;
  // No skip-bigrams: they would grow the shipped model from 7 MB to 9.4 MB, next to its 10 MB limit.
  const vectorizer = Vectorizer.fit(
    train.examples.map((e) => e.text),
    'en',
    3,
    null,
    false,
  );
  const xs = train.examples.map((e) => vectorizer.transform(e.text));
  const classes = train.labels.length;
  const linear = trainLinearSvm(xs, new Int32Array(xs.length), classes, vectorizer.dimension, {
    c,
    maxEpochs: 30,
    multiLabels: train.examples.map((e) => e.labels),
  });
  // Per-label threshold that maximises that label's F1 on dev.
  const devScores = dev.map((e) => scores(linear, vectorizer.transform(e.text)));
  const thresholds = train.labels.map((_, k) => {
    let best = { t: 0, f: -1 };
    for (let t = -1; t <= 0.6; t += 0.05) {
      let tp = 0;
      let fp = 0;
      let fn = 0;
      dev.forEach((e, i) => {
        const yes = devScores[i]![k]! > t;
        const gold = e.labels.includes(k);
        if (yes && gold) tp++;
        else if (yes) fp++;
        else if (gold) fn++;
      });
      const f = f1(tp, fp, fn);
      if (f > best.f) best = { t, f };
    }
    return best.t;
  });
  return { labels: train.labels, thresholds, vectorizer: vectorizer.state, linear };
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  const t0 = performance.now();
  const model = trainEmotions(Number(process.env.EMOTION_C ?? 0.5));
  const bytes = gzipSync(encodeEmotionModel(model), { level: 9 });
  mkdirSync(dirname(EMOTION_MODEL_FILE), { recursive: true });
  writeFileSync(EMOTION_MODEL_FILE, bytes);
  console.log(`emotion model: ${model.vectorizer.vocab.length} features, ${(bytes.length / 1e6).toFixed(2)} MB, ${Math.round(performance.now() - t0)} ms`);
}
