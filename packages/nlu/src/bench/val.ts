import { braunCrossValidation } from './braun.js';
import { clincValAtDefault } from './clinc.js';

/**
 * Figures for choosing settings, `test` untouched: CLINC150 cut to small agents, scored on `val` and `oos_val` at
 * the default threshold 0.5, and Braun 2017 by cross-validation on its training sentences. Run one at a time
 * (`npm run bench:val -w @parley/nlu`); `npm run bench` scores `test`.
 */
const pct = (x: number) => `${(x * 100).toFixed(2)}%`;
const row = (cells: (string | number)[]) => console.log(cells.map((c, i) => String(c).padEnd(i === 0 ? 36 : 14)).join(''));

console.log('VALIDATION (train on train, score on val / oos_val at the default threshold 0.5)');
row(['CLINC150 data_full', 'in-scope acc', 'oos recall', 'answered', 'raw top-1', 'train time']);
for (const perIntent of [10, 5]) {
  const r = clincValAtDefault(perIntent);
  row([r.variant, pct(r.inScopeAccuracy), pct(r.oosRecall), pct(r.answered), pct(r.rawTop1), `${(r.trainMs / 1000).toFixed(1)} s`]);
}
const b = braunCrossValidation();
row(['Braun 2017, 5-fold CV on training', 'sentences', 'top', 'at 0.5']);
for (const r of b.rows) row([r.corpus, r.sentences, pct(r.top), pct(r.atDefault)]);
row(['overall', b.rows.reduce((n, r) => n + r.sentences, 0), pct(b.top), pct(b.atDefault)]);
