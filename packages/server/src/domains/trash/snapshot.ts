import { getTableColumns, type InferInsertModel } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database.js';
import {
  agents,
  artifacts,
  channels,
  customerGroupMembers,
  customerTagMembers,
  customers,
  entities,
  intents,
  messageTemplates,
  stories,
} from '../../db/schema.js';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Runner = Db | Tx;

/** The tables a trashed object's rows come from, by the name a snapshot records them under. */
export const SNAPSHOT_TABLES = {
  agents,
  stories,
  intents,
  entities,
  customers,
  customerTagMembers,
  customerGroupMembers,
  channels,
  messageTemplates,
  artifacts,
} as const;
export type SnapshotTable = keyof typeof SNAPSHOT_TABLES;
export type SnapshotRow = Record<string, unknown>;

/**
 * The rows of one deleted object, parents first (the order a restore inserts them in). Stored as JSON, so a
 * timestamp is its ISO text until `revive` makes it a Date again.
 */
export interface Snapshot {
  tables: { table: SnapshotTable; rows: SnapshotRow[] }[];
}

export const rowsOf = (snapshot: Snapshot, table: SnapshotTable): SnapshotRow[] => snapshot.tables.find((t) => t.table === table)?.rows ?? [];

/** JSON keeps a timestamp as text; the insert wants the Date it was read as. */
function revive(table: PgTable, row: SnapshotRow): SnapshotRow {
  const out = { ...row };
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    if (column.dataType === 'date' && typeof out[key] === 'string') out[key] = new Date(out[key]);
  }
  return out;
}

/**
 * Inserts the snapshot's rows with their own ids. Every row that names an enterprise is put back into `eId`, the
 * trash item's, whatever the JSON says: a restore never writes into another enterprise.
 */
export async function insertSnapshot(tx: Tx, eId: string, snapshot: Snapshot) {
  for (const { table, rows } of snapshot.tables) {
    if (!rows.length) continue;
    const target = SNAPSHOT_TABLES[table] as PgTable;
    const hasEId = 'eId' in getTableColumns(target);
    const values = rows.map((r) => revive(target, hasEId ? { ...r, eId } : r)) as InferInsertModel<typeof target>[];
    await tx.insert(target).values(values);
  }
}

export interface Captured {
  /** What the trash list shows. */
  name: string;
  snapshot: Snapshot;
}

/** How one type of object goes into the trash and comes back. */
export interface TrashKind {
  /** Reads the object and the rows that go with it, inside the delete's transaction; null when it is not there. */
  capture(tx: Tx, eId: string, objectId: string): Promise<Captured | null>;
  /** Why the object cannot come back now (the refusal the user reads), or null. */
  conflict(db: Runner, eId: string, snapshot: Snapshot): Promise<string | null>;
  /** Puts the rows back; unset, every row of the snapshot is inserted as it is. */
  restore?(tx: Tx, eId: string, snapshot: Snapshot): Promise<void>;
}
