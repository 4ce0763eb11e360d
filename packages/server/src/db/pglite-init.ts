import { spawn } from 'node:child_process';
import { existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Creates an embedded database's cluster in a child process, as PostgreSQL's own initdb is a program of its own.
 * PGlite initialises a new directory with a second WebAssembly module in the process that opens it, and that process
 * keeps ~450 MB of it for the rest of its life (measured: 755-817 MB RSS after opening a new directory, 304 MB after
 * opening one that exists). A server that starts on a new directory then imports a million customers peaked near
 * 1 GB, of which half was the initialisation; created apart, the server holds only what it uses. The cluster is made
 * beside the directory and moved into it whole, so a start killed midway leaves no half-made database behind.
 */
export async function initialisePgliteCluster(dir: string, startParams: readonly string[]): Promise<void> {
  if (existsSync(join(dir, 'PG_VERSION'))) return;
  if (existsSync(dir) && readdirSync(dir).length) throw new Error(`${dir} is neither empty nor an embedded database`);
  // One process owns an embedded database: what a start killed midway left here is removed before this one.
  const made = `${dir}.new`;
  rmSync(made, { recursive: true, force: true });
  const pglite = import.meta.resolve('@electric-sql/pglite');
  const script = `
    const { PGlite } = await import(process.argv[1]);
    const db = new PGlite(process.argv[2], { startParams: JSON.parse(process.argv[3]) });
    await db.waitReady;
    await db.close();`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script, pglite, made, JSON.stringify(startParams)], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', resolve);
  });
  if (code !== 0) {
    rmSync(made, { recursive: true, force: true });
    throw new Error(`the embedded database could not be created in ${dir} (exit ${code}): ${stderr.trim().slice(-2000)}`);
  }
  // rename(2) replaces an empty directory in one step.
  renameSync(made, dir);
}
