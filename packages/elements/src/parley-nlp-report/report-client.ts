import { Observable, firstValueFrom } from 'rxjs';
import { Codes } from '@parley/sdk/contract/codes';
import type { Envelope } from '@parley/sdk/contract/envelope';
import { nlpAgentsRoutes, nlpReportsRoutes } from '@parley/sdk/contract/routes';
import { ParleyError } from '@parley/sdk/parley-error';
import { joinUrl } from '@parley/sdk/request-encoding';
import { ParleyTransport, bindApi } from '@parley/sdk/transport';

/** The CSV export's path (the contract's CONVERSATIONS_CSV_PATH, which sits beside zod schemas). */
export const CSV_PATH = 'nlp/download/conversations/csv';

export interface CsvQuery {
  agentId: string;
  startDate: string | number;
  endDate: string | number;
  scope?: 0 | 1 | 2;
  timeZoneOffset?: number;
  timeZone?: string;
}

/**
 * The calls the report makes, bound from the SDK's zod-free route tables: the element loads the transport and the
 * contract's types, not zod and the other contract groups (a third of the bundle when it is embedded alone).
 * `downloadConversationsCsv` is `ParleyClient`'s, on the transport.
 */
export class ReportClient extends ParleyTransport {
  readonly nlpAgents = bindApi(this, { list: nlpAgentsRoutes.list });
  readonly nlpReports = bindApi(this, nlpReportsRoutes);
  readonly routes = nlpReportsRoutes;

  /** The conversation export (agent-designer 7) as a file: its bytes and the server's file name. */
  downloadConversationsCsv(query: CsvQuery): Observable<{ fileName: string; blob: Blob }> {
    return new Observable<{ fileName: string; blob: Blob }>((subscriber) => {
      const abort = new AbortController();
      const params = new URLSearchParams(Object.entries(query).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)]));
      void (async () => {
        const token = await firstValueFrom(this.token$);
        const response = await this.fetchImpl(`${joinUrl(this.options.baseUrl, CSV_PATH)}?${params}`, {
          headers: token ? { 'authentication-token': token } : this.options.embedKey ? { 'x-parley-embed-key': this.options.embedKey } : {},
          signal: abort.signal,
        });
        // A refusal arrives as an envelope and becomes a ParleyError like any other call.
        if (!(response.headers.get('content-type') ?? '').startsWith('text/csv')) {
          const envelope = (await response.json()) as Envelope;
          throw new ParleyError(envelope.code ?? Codes.INTERNAL, envelope.message, envelope.errors ?? [], response.status);
        }
        const disposition = response.headers.get('content-disposition') ?? '';
        const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'conversation_report.csv';
        return { fileName, blob: await response.blob() };
      })().then(
        (file) => {
          subscriber.next(file);
          subscriber.complete();
        },
        (error: unknown) => subscriber.error(error instanceof ParleyError || abort.signal.aborted ? error : ParleyError.network(error)),
      );
      return () => abort.abort();
    });
  }
}
