#!/usr/bin/env node
// What a partner page downloads for one element, measured on the bundles the server hands out
// (dist-bundles/, built by `npm run bundles`): the entry file and every chunk it imports statically, transitively —
// all of it is fetched before the tag is defined — and the lazy remainder (chunks reached only through `import()`,
// fetched when the element first needs them). Each file is compressed as scripts/precompress.mjs stores it: gzip
// level 9 and brotli quality 11; browsers ask for brotli, so the budget is on gzip, the larger, for clients without.
// Exits 1 when an element's first load is over its budget.
//   node bench/element-weight.mjs            table
//   node bench/element-weight.mjs --json     the same figures as JSON (for docs/benchmarks.md)
//   node bench/element-weight.mjs --dist <dir>   bundles built with `build-bundles.mjs --outdir <dir>`
import { existsSync, readFileSync } from 'node:fs';
import { join, posix, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const distArg = process.argv.indexOf('--dist');
const dist = distArg > 0 ? resolve(process.argv[distArg + 1]) : fileURLToPath(new URL('../dist-bundles', import.meta.url));

/**
 * First load, gzip, in kB: what each element weighed when these were set (docs/benchmarks.md, "Element weight"), with
 * about 5% room, so a change that adds a dependency to a first load is caught. Issue 39 asks 200 of the picker, the
 * attachment dialog and the sender.
 */
const budgets = {
  'parley-customer-picker.js': 143,
  'parley-attachment-dialog.js': 140,
  'parley-broadcast-sender.js': 182,
  'parley-try-it.js': 12,
  'parley-customer-master.js': 349,
  'parley-live-chat.js': 264,
  'parley-nlp-report.js': 429,
  'parley-agent-designer.js': 573,
  'parley-elements.js': 730,
};

if (!existsSync(join(dist, 'bundles.json'))) {
  console.error(`no bundles.json in ${dist}: run \`npx tsc -b && npm run bundles -w @parley/elements\` first`);
  process.exit(2);
}
const { entries } = JSON.parse(readFileSync(join(dist, 'bundles.json'), 'utf8'));

const sizes = new Map();
/** gzip and brotli size of one built file, as precompress.mjs would store it. */
function sizeOf(file) {
  let size = sizes.get(file);
  if (!size) {
    const raw = readFileSync(join(dist, file));
    size = {
      raw: raw.length,
      gz: gzipSync(raw, { level: 9 }).length,
      br: brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }).length,
    };
    sizes.set(file, size);
  }
  return size;
}

const imports = new Map();
/**
 * The relative imports of one built file. esbuild hoists every static import to the top of a chunk, so the static
 * ones are read from its leading `import ... from "x";` statements; `import("x")` can sit anywhere in the code.
 */
function importsOf(file) {
  let found = imports.get(file);
  if (!found) {
    const code = readFileSync(join(dist, file), 'utf8');
    const resolve = (spec) => posix.normalize(posix.join(posix.dirname(file), spec));
    const statics = [];
    const leading = /\s*(?:\/\*[\s\S]*?\*\/|\/\/[^\n]*\n)*\s*import\s*(?:[\w$*{][^;"']*?from\s*)?["']([^"']+)["'];?/y;
    let match;
    while ((match = leading.exec(code))) if (match[1].startsWith('.')) statics.push(resolve(match[1]));
    const dynamics = [...code.matchAll(/\bimport\(\s*["'](\.[^"']+)["']\s*\)/g)].map((m) => resolve(m[1]));
    found = { statics, dynamics };
    imports.set(file, found);
  }
  return found;
}

/** Every file fetched before `file` runs: it and its static imports, transitively. */
function staticClosure(file, seen = new Set()) {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const next of importsOf(file).statics) staticClosure(next, seen);
  return seen;
}

/** What `import()` can bring in later, beyond the first load. */
function lazyRemainder(first) {
  const all = new Set(first);
  const queue = [...first];
  while (queue.length) {
    const file = queue.pop();
    for (const next of importsOf(file).dynamics) {
      for (const reached of staticClosure(next)) {
        if (!all.has(reached)) {
          all.add(reached);
          queue.push(reached);
        }
      }
    }
  }
  return [...all].filter((file) => !first.has(file));
}

const total = (files) =>
  [...files].reduce(
    (sum, file) => {
      const size = sizeOf(file);
      return { files: sum.files + 1, raw: sum.raw + size.raw, gz: sum.gz + size.gz, br: sum.br + size.br };
    },
    { files: 0, raw: 0, gz: 0, br: 0 },
  );

const rows = entries.map((entry) => {
  const first = staticClosure(entry);
  return { element: entry.replace(/\.js$/, ''), budget: budgets[entry] ?? null, first: total(first), lazy: total(lazyRemainder(first)) };
});

/** Two elements on one page share chunks: the second costs only what the first did not fetch. */
const pair = (a, b) => {
  const one = staticClosure(a);
  const both = staticClosure(b, new Set(one));
  return { pair: `${a} then ${b}`, second: total([...both].filter((f) => !one.has(f))) };
};
const pairs = [pair('parley-broadcast-sender.js', 'parley-customer-picker.js'), pair('parley-broadcast-sender.js', 'parley-attachment-dialog.js')].filter((p) =>
  entries.includes(p.pair.split(' ')[0]),
);

const over = rows.filter((row) => row.budget !== null && row.first.gz / 1024 > row.budget);
if (process.argv.includes('--json')) {
  console.log(JSON.stringify({ rows, pairs }, null, 2));
} else {
  const kB = (bytes) => (bytes / 1024).toFixed(1).padStart(7);
  console.log(`element weight of ${dist}, kB; first load = entry + static imports`);
  console.log('element                     files  first gz  first br  budget gz   lazy gz   lazy br');
  for (const { element, budget, first, lazy } of rows) {
    const flag = budget !== null && first.gz / 1024 > budget ? '  OVER BUDGET' : '';
    console.log(
      `${element.padEnd(28)}${String(first.files).padStart(5)}  ${kB(first.gz)}   ${kB(first.br)}   ${String(budget ?? '-').padStart(7)}   ${kB(lazy.gz)}   ${kB(lazy.br)}${flag}`,
    );
  }
  for (const { pair: label, second } of pairs) console.log(`${label}: the second adds ${kB(second.gz).trim()} kB gz (${kB(second.br).trim()} br)`);
}
if (over.length) {
  console.error(`over budget: ${over.map((row) => row.element).join(', ')}`);
  process.exit(1);
}
