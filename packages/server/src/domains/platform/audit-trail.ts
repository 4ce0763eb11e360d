import { and, asc, desc, eq, gte, ilike, lt, lte, or, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ACCESS } from '@parley/sdk/contract/access';
import { AUDIT_TRAIL_CSV_PATH } from '@parley/sdk/contract/paths';
import { auditFilters, platformApi } from '@parley/sdk/contract/platform';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';
import { containing } from '../../db/like-pattern.js';
import { auditLog, users } from '../../db/schema.js';
import { csvStream, sendCsv } from '../../http/csv-file.js';
import { API_PREFIX, authorize, defineRoute, routeTable } from '../../http/route.js';
import { page } from '../../http/reply.js';

export type AuditFilters = z.infer<typeof auditFilters>;
type Cursor = { at: Date; id: string };

/** The enterprise's records matching the filters, newest first; `after` continues past a row (the CSV's batches). */
export function auditRows(db: Db, eId: string, f: AuditFilters, after?: Cursor) {
  const where: (SQL | undefined)[] = [
    eq(auditLog.eId, eId),
    f.uId ? eq(auditLog.uId, f.uId) : undefined,
    f.action ? ilike(auditLog.action, containing(f.action)) : undefined,
    f.object ? ilike(auditLog.target, containing(f.object)) : undefined,
    f.fromDate ? gte(auditLog.at, new Date(f.fromDate)) : undefined,
    f.toDate ? lte(auditLog.at, new Date(f.toDate)) : undefined,
    after ? or(lt(auditLog.at, after.at), and(eq(auditLog.at, after.at), lt(auditLog.id, after.id))) : undefined,
  ];
  return db
    .select({ entry: auditLog, userName: users.name })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.uId))
    .where(and(...where))
    .orderBy(desc(auditLog.at), desc(auditLog.id));
}

type Row = Awaited<ReturnType<typeof auditRows>>[number];
const shape = ({ entry, userName }: Row) => ({
  id: entry.id,
  uId: entry.uId,
  userName,
  action: entry.action,
  target: entry.target,
  statusCode: entry.statusCode,
  ip: entry.ip,
  at: entry.at.toISOString(),
});

const CSV_BATCH = 2000;
const HEADER = ['Date and Time (UTC)', 'User', 'Action', 'Object', 'Result', 'IP'];

/** Manage → Audit Trail (AUDITTRAIL.VIEW): the list with its filters, the users to filter by, and the CSV. */
export function auditTrailRoutes(app: FastifyInstance, db: Db) {
  defineRoute(app, platformApi.auditTrail, ACCESS.reports.auditTrail, async (input, { auth }) => {
    const limit = input.perPage === -1 ? 1000 : input.perPage;
    const rows = await auditRows(db, auth.eId, input)
      .limit(limit + 1)
      .offset(input.from);
    return page(rows.slice(0, limit).map(shape), rows.length > limit);
  });

  defineRoute(app, platformApi.auditUsers, ACCESS.reports.auditTrail, async (_input, { auth }) =>
    db.select({ uId: users.id, name: users.name }).from(users).where(eq(users.eId, auth.eId)).orderBy(asc(users.name)),
  );

  // A file, not an envelope: registered by hand, with the same access check and a routeTable entry.
  const url = `${API_PREFIX}/${AUDIT_TRAIL_CSV_PATH}`;
  routeTable.push({ method: 'GET', url, access: ACCESS.reports.auditTrail });
  app.get(url, async (request, reply) => {
    const auth = authorize(request, ACCESS.reports.auditTrail)!;
    const filters = auditFilters.parse(request.query);
    const csv = await csvStream<Row>(
      HEADER,
      (after) => auditRows(db, auth.eId, filters, after && { at: after.entry.at, id: after.entry.id }).limit(CSV_BATCH),
      (r) => [r.entry.at.toISOString(), r.userName ?? '', r.entry.action, r.entry.target, r.entry.statusCode, r.entry.ip ?? ''],
      CSV_BATCH,
    );
    return sendCsv(reply, 'audit_trail', csv);
  });
}
