import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

// The codebase's shape (ARCHITECTURE.md, issue 39): which package may import which, and that an element never
// reaches into another element's folder; what two elements share lives in packages/elements/src/internal/.
const packages = join(import.meta.dirname, '..', '..', 'packages');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.name === 'node_modules' || e.name.startsWith('dist')) return [];
    const path = join(dir, e.name);
    return e.isDirectory() ? sources(path) : /\.(ts|tsx|mts|mjs)$/.test(e.name) ? [path] : [];
  });
}

const specifiers = (file: string) => [...readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)].map((m) => m[1]!);

describe('the codebase’s shape', () => {
  it('keeps the packages’ layering: sdk, nlu and theme import nothing of ours; no cycles', () => {
    const allowed: Record<string, string[]> = {
      sdk: [],
      nlu: [],
      theme: [],
      elements: ['sdk', 'theme'],
      host: ['elements', 'sdk', 'theme'],
      server: ['sdk', 'nlu'],
    };
    const found: string[] = [];
    for (const [pkg, may] of Object.entries(allowed)) {
      for (const file of sources(join(packages, pkg, 'src'))) {
        for (const spec of specifiers(file)) {
          const used = /^@parley\/([^/]+)/.exec(spec)?.[1];
          if (used && used !== pkg && !may.includes(used)) found.push(`${relative(packages, file)} imports ${spec}`);
        }
      }
    }
    expect(found).toEqual([]);
  });

  it('has no element import another element’s folder, but to define an element it renders', () => {
    const src = join(packages, 'elements', 'src');
    const elementOf = (path: string) => relative(src, path).split(sep)[0]!;
    const found: string[] = [];
    for (const file of sources(src)) {
      const own = elementOf(file);
      if (!own.startsWith('parley-')) continue;
      for (const spec of specifiers(file)) {
        if (!spec.startsWith('.')) continue;
        const target = elementOf(join(file, '..', spec));
        // Custom elements compose by tag: the broadcast sender defines the picker and the attachment dialog it opens.
        const definesIt = /\/define\.js$/.test(spec);
        if (target.startsWith('parley-') && target !== own && !definesIt) found.push(`${relative(src, file)} imports ${spec}`);
      }
    }
    expect(found).toEqual([]);
  });
});
