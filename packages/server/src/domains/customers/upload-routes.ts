import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { CustomerMessages, customersApi } from '@parley/sdk/contract/customers';
import { CUSTOMER_SAMPLE_CSV_PATH } from '@parley/sdk/contract/paths';
import { listDefinitions } from '../customer-definitions/queries.js';
import { ApiError } from '../../http/api-error.js';
import { refuseNulText } from '../../http/nul-text.js';
import { reply } from '../../http/reply.js';
import { API_PREFIX, authorize, defineRoute, routeTable } from '../../http/route.js';
import { formatBytes } from '../nlp-genai/read-upload.js';
import { ACCESS } from '@parley/sdk/contract/access';
import type { ImportDeps } from './import-job.js';
import { sampleCsv } from './sample-csv.js';
import { fieldRules } from './service.js';
import { UploadService, type StoredFile } from './upload-service.js';

const UPLOAD_URL = `${API_PREFIX}/${customersApi.upload.path}`;
const SAMPLE_URL = `${API_PREFIX}/${CUSTOMER_SAMPLE_CSV_PATH}`;
const uploadFields = customersApi.upload.input.pick({ segmentId: true, replace: true });

/** CSV uploads (customer-master 4, 7): the file, the mapping that starts the import, the lists and the sample. */
export function customerUploadRoutes(app: FastifyInstance, deps: ImportDeps, maxCsvBytes: number) {
  const service = new UploadService(deps);
  defineRoute(app, customersApi.startUpload, ACCESS.customers.write, async (input, { auth }) => {
    const customerCSV = await service.start(auth, input);
    return reply({ uploadId: customerCSV.uploadId, customerCSV }, CustomerMessages.uploadStarted);
  });
  defineRoute(app, customersApi.uploadDelimiter, ACCESS.customers.write, async ({ uploadId, delimiter }, { auth }) =>
    service.changeDelimiter(auth, uploadId, delimiter),
  );
  defineRoute(app, customersApi.uploads, ACCESS.customers.read, async ({ from, perPage, ...filter }, { auth }) => service.list(auth, filter, from, perPage));
  defineRoute(app, customersApi.getUpload, ACCESS.customers.read, async ({ uploadId }, { auth }) => ({ customerCSV: await service.get(auth, uploadId) }));
  defineRoute(app, customersApi.errors, ACCESS.customers.read, async ({ entryId, from, perPage, search }, { auth }) => ({
    customers: await service.errors(auth, entryId, from, perPage, search),
  }));

  routeTable.push({ method: 'GET', url: SAMPLE_URL, access: ACCESS.customers.read });
  app.get(SAMPLE_URL, { config: { effect: 'read' } }, async (request, replyTo) => {
    const auth = authorize(request, ACCESS.customers.read)!;
    const definitions = await listDefinitions(deps.db, auth.eId);
    return replyTo
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="customers-sample.csv"')
      .send(sampleCsv(definitions, await fieldRules(deps.db, auth.eId)));
  });

  // Multipart in a scope of its own, so no other route starts accepting multipart bodies. The file streams to the
  // store as it arrives: a 150 MB file never sits in memory.
  routeTable.push({ method: 'POST', url: UPLOAD_URL, access: ACCESS.customers.write });
  app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: maxCsvBytes, files: 1, fields: 5, fieldSize: 1024, parts: 6 } });
    scope.post(UPLOAD_URL, async (request, replyTo) => {
      const auth = authorize(request, ACCESS.customers.write)!;
      if (!request.isMultipart()) throw ApiError.field('file', CustomerMessages.csvOnly);
      const fields: Record<string, string> = {};
      let stored: (StoredFile & { name: string }) | undefined;
      let refusal: string | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'field') fields[part.fieldname] = String(part.value);
          else if (part.fieldname !== 'file' || stored || !/\.csv$/i.test(part.filename)) {
            refusal ??= CustomerMessages.csvOnly;
            part.file.resume();
          } else {
            const got = await service.store(auth, part.file);
            if ('refused' in got) {
              refusal ??= got.refused;
              part.file.resume();
              continue;
            }
            stored = { ...got, name: part.filename };
            if (part.file.truncated) refusal = CustomerMessages.tooLarge(formatBytes(maxCsvBytes));
          }
        }
      } catch (err) {
        if (stored) await service.discard(stored.key);
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw ApiError.field('file', CustomerMessages.tooLarge(formatBytes(maxCsvBytes)));
        throw err;
      }
      if (refusal || !stored) {
        if (stored) await service.discard(stored.key);
        throw ApiError.field('file', refusal ?? CustomerMessages.csvOnly);
      }
      const parsed = uploadFields.safeParse(fields);
      if (!parsed.success) {
        await service.discard(stored.key);
        throw ApiError.field('segmentId', CustomerMessages.unknownSegment);
      }
      refuseNulText({ ...fields, file: stored.name });
      const data = await service.receive(auth, stored.name, stored, parsed.data.segmentId, parsed.data.replace ?? false);
      const r = reply(data, CustomerMessages.fileUploaded);
      request.replyCode = r.code;
      return replyTo.send({ status: true, code: r.code, message: r.message, data: r.data });
    });
  });
}
