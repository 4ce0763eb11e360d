import { and, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { customers } from '../../db/schema.js';
import { searchVector } from '../customers/search-words.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Writer {
  eId: string;
  number: string;
  profileName: string;
}

/**
 * The customers writing to us for the first time in a chat, keyed `eId + ' ' + number`: found in the customer master
 * by their number, or added with the name their WhatsApp profile gives (else the number). One read for the lot, one
 * insert for the unknown, and a second read only for those another process added meanwhile.
 */
export async function customersFor(tx: Tx, writers: Writer[]): Promise<Map<string, { id: string; name: string }>> {
  const found = new Map<string, { id: string; name: string }>();
  if (!writers.length) return found;
  const read = async (list: Writer[]) => {
    const rows = await tx
      .select({ id: customers.id, name: customers.name, eId: customers.eId, number: customers.phoneNumber })
      .from(customers)
      .where(and(inArray(customers.eId, [...new Set(list.map((w) => w.eId))]), inArray(customers.phoneNumber, [...new Set(list.map((w) => w.number))])));
    for (const r of rows) found.set(`${r.eId} ${r.number}`, { id: r.id, name: r.name });
  };
  await read(writers);
  const unknown = [...new Map(writers.filter((w) => !found.has(`${w.eId} ${w.number}`)).map((w) => [`${w.eId} ${w.number}`, w])).values()];
  if (!unknown.length) return found;
  const added = await tx
    .insert(customers)
    .values(
      unknown.map((w) => {
        const name = w.profileName.trim().slice(0, 100) || w.number;
        return { eId: w.eId, name, phoneNumber: w.number, whatsAppNumber: w.number, search: searchVector([name]) };
      }),
    )
    .onConflictDoNothing()
    .returning({ id: customers.id, name: customers.name, eId: customers.eId, number: customers.phoneNumber });
  for (const r of added) found.set(`${r.eId} ${r.number}`, { id: r.id, name: r.name });
  const raced = unknown.filter((w) => !found.has(`${w.eId} ${w.number}`));
  if (raced.length) await read(raced);
  return found;
}
