import { readFileSync, readdirSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Every workspace declares what it imports (issue 39): a module that is only there because npm hoisted another
// workspace's dependency, or an umbrella's sub-package, breaks the day that other declaration changes.
const root = join(import.meta.dirname, '..', '..');
const workspaces = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { workspaces: string[] }).workspaces;

interface Manifest {
  name: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}
const manifest = (dir: string) => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest;
const declaredBy = (m: Manifest) =>
  new Set([m.name, ...[m.dependencies, m.devDependencies, m.peerDependencies, m.optionalDependencies].flatMap((d) => Object.keys(d ?? {}))]);

/** The root runs Vitest for every workspace, so its devDependencies are what a test file may take from it. */
const rootTooling = new Set(Object.keys(manifest(root).devDependencies ?? {}));
const isTestFile = (path: string) => /\.test\.tsx?$/.test(path) || /\/src\/test\//.test(path);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.name === 'node_modules' || e.name.startsWith('dist') || e.name.startsWith('.')) return [];
    const path = join(dir, e.name);
    return e.isDirectory() ? sources(path) : /\.(ts|tsx|mts|cts|js|mjs|cjs)$/.test(e.name) ? [path] : [];
  });
}

/** The package a bare specifier names ('d3-scale', '@scope/pkg'), or null for relative paths, URLs and builtins. */
export function packageOf(specifier: string): string | null {
  if (/^[./#]/.test(specifier) || /^[a-z][a-z0-9+.-]*:/i.test(specifier)) return null;
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
  return builtinModules.includes(name) ? null : name;
}

/** What a file imports: static and dynamic imports, re-exports and require(), read by TypeScript's own scanner. */
const importsOf = (file: string) => ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles.map((f) => f.fileName);

/** `@types/x` covers a type-only import of x; scoped packages' types are named `@types/scope__name`. */
const typesOf = (name: string) => `@types/${name.startsWith('@') ? name.slice(1).replace('/', '__') : name}`;

function undeclaredImports(workspace: string): string[] {
  const dir = join(root, workspace);
  const declared = declaredBy(manifest(dir));
  const found: string[] = [];
  for (const file of sources(dir)) {
    for (const specifier of importsOf(file)) {
      const name = packageOf(specifier);
      if (!name || declared.has(name) || declared.has(typesOf(name))) continue;
      if (isTestFile(file) && rootTooling.has(name)) continue;
      found.push(`${relative(root, file)} imports ${name}`);
    }
  }
  return found;
}

describe('the dependencies each workspace declares', () => {
  it('names bare modules, not paths, URLs or node builtins', () => {
    expect(['d3-scale', '@adobe/react-spectrum/dist/x', 'node:fs', 'fs', './x.js', 'virtual:icons', '#internal'].map(packageOf)).toEqual([
      'd3-scale',
      '@adobe/react-spectrum',
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it('reads imports of every form', () => {
    const text = `import a from 'a'; import type { B } from '@b/b'; export * from 'c/deep'; const d = await import('d'); require('e');\n// import 'in-a-comment'`;
    const found = ts.preProcessFile(text, true, true).importedFiles.map((f) => packageOf(f.fileName));
    expect(found).toEqual(['a', '@b/b', 'c', 'd', 'e']);
  });

  it.each(workspaces)('%s imports only what its package.json declares', (workspace) => {
    expect(undeclaredImports(workspace)).toEqual([]);
  });
});
