import type { FastifyInstance } from 'fastify';
import { ACCESS } from '@parley/sdk/contract/access';
import { DELIVERY_REPORT_CSV_PATH } from '@parley/sdk/contract/paths';
import { deliveryReportCsvQuery, DeliveryReportTexts, reportsApi } from '@parley/sdk/contract/reports';
import type { Db } from '../../db/database.js';
import { ApiError } from '../../http/api-error.js';
import { csvStream, sendCsv } from '../../http/csv-file.js';
import { API_PREFIX, authorize, defineRoute, routeTable } from '../../http/route.js';
import { page } from '../../http/reply.js';
import { deliveryEvents, deliveryRows, findDelivery, shapeRow, type DeliveryDbRow } from './queries.js';
import { deliveryHistory } from './history.js';

const CSV_BATCH = 2000;
const HEADER = [
  'Sent On (UTC)',
  'Source',
  'Broadcast',
  'Channel',
  'From',
  'To',
  'Template',
  'Status',
  'Status Time (UTC)',
  'Channel Message Id',
  'Error Code',
  'Error',
];

/** Manage → Delivery Report (MANAGE.DELIVERYREPORT.VIEW): the list, one message's status history, the CSV. */
export function reportRoutes(app: FastifyInstance, db: Db) {
  const access = ACCESS.reports.delivery;
  defineRoute(app, reportsApi.messages, access, async ({ from, perPage, ...filters }, { auth }) => {
    const rows = await deliveryRows(db, auth.eId, filters)
      .limit(perPage + 1)
      .offset(from);
    const message = rows.slice(0, perPage).map(shapeRow);
    return page({ message, more: rows.length > perPage }, rows.length > perPage);
  });

  defineRoute(app, reportsApi.messageStatus, access, async ({ id }, { auth }) => {
    const row = await findDelivery(db, auth.eId, id);
    if (!row) throw ApiError.notFound(DeliveryReportTexts.messageNotFound);
    const shaped = shapeRow(row);
    return {
      message: {
        id: shaped.id,
        from: shaped.from,
        to: shaped.to,
        currentDeliveryStatus: shaped.currentDeliveryStatus,
        currentDeliveryStatusTime: shaped.currentDeliveryStatusTime,
        channelMessageId: shaped.channelMessageId,
        errorCode: shaped.errorCode,
        errorTitle: shaped.errorTitle,
      },
      history: deliveryHistory(row.m, await deliveryEvents(db, row.m)),
    };
  });

  // A file, not an envelope: registered by hand, with the same access check and a routeTable entry.
  const url = `${API_PREFIX}/${DELIVERY_REPORT_CSV_PATH}`;
  routeTable.push({ method: 'GET', url, access });
  app.get(url, async (request, reply) => {
    const auth = authorize(request, access)!;
    const filters = deliveryReportCsvQuery.parse(request.query);
    const csv = await csvStream<DeliveryDbRow>(
      HEADER,
      (after) => deliveryRows(db, auth.eId, filters, after && { createdAt: after.m.createdAt, id: after.m.id }).limit(CSV_BATCH),
      (r) => {
        const s = shapeRow(r);
        return [
          s.sentOn,
          s.source,
          s.sourceName ?? '',
          s.channelName,
          s.from,
          s.to,
          s.templateName ?? '',
          s.currentDeliveryStatus,
          s.currentDeliveryStatusTime,
          s.channelMessageId,
          s.errorCode ?? '',
          s.errorTitle ?? '',
        ];
      },
      CSV_BATCH,
    );
    return sendCsv(reply, 'delivery_report', csv);
  });
}
