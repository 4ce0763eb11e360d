import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { initialisePgliteCluster } from './pglite-init.js';

const root = mkdtempSync(join(tmpdir(), 'parley-pglite-init-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('an embedded database made by a child process', () => {
  it('is created whole in a new directory, and opens with what was written to it', async () => {
    const dir = join(root, 'pglite');
    await initialisePgliteCluster(dir, PGlite.defaultStartParams);
    expect(existsSync(join(dir, 'PG_VERSION'))).toBe(true);
    expect(readdirSync(root)).toEqual(['pglite']);

    const db = new PGlite(dir);
    await db.query('create table kept (v text)');
    await db.query(`insert into kept values ('still here')`);
    await db.close();
    await initialisePgliteCluster(dir, PGlite.defaultStartParams);
    const again = new PGlite(dir);
    expect((await again.query<{ v: string }>('select v from kept')).rows).toEqual([{ v: 'still here' }]);
    await again.close();
  }, 60_000);

  it('replaces what a first start killed midway left beside the directory', async () => {
    const dir = join(root, 'killed');
    mkdirSync(`${dir}.new`);
    writeFileSync(join(`${dir}.new`, 'PG_VERSION'), 'half made');
    await initialisePgliteCluster(dir, PGlite.defaultStartParams);
    expect(existsSync(`${dir}.new`)).toBe(false);
    const db = new PGlite(dir);
    expect((await db.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
    await db.close();
  }, 60_000);

  it('refuses a directory that holds something else, and leaves it as it was', async () => {
    const dir = join(root, 'other');
    mkdirSync(dir);
    writeFileSync(join(dir, 'notes.txt'), 'mine');
    await expect(initialisePgliteCluster(dir, PGlite.defaultStartParams)).rejects.toThrow(/neither empty nor an embedded database/);
    expect(readdirSync(dir)).toEqual(['notes.txt']);
  }, 60_000);
});
