import { Observable, firstValueFrom } from 'rxjs';
import { accountApi } from './contract/account.js';
import { embedKeysApi } from './contract/embed-keys.js';
import { Codes, type Envelope } from './contract/envelope.js';
import { nlpAgentsApi } from './contract/nlp-agents.js';
import { nlpConfigApi } from './contract/nlp-config.js';
import { nlpEntitiesApi } from './contract/nlp-entities.js';
import { nlpGenaiApi } from './contract/nlp-genai.js';
import { nlpIntentsApi } from './contract/nlp-intents.js';
import { CONVERSATIONS_CSV_PATH, nlpReportsApi } from './contract/nlp-reports.js';
import { nlpRuntimeApi } from './contract/nlp-runtime.js';
import { platformApi } from './contract/platform.js';
import { profileApi, twoFactorApi } from './contract/profile.js';
import { usersApi } from './contract/users.js';
import { ParleyError } from './parley-error.js';
import { joinUrl } from './request-encoding.js';
import { ParleyTransport, bindApi, type ClientOptions } from './transport.js';

export { ParleyError };
export { ParleyTransport, bindApi };
export type { BoundApi, ClientOptions, EndpointOf, Page, Route, RouteInfo, RoutesOf, SessionEvent, TokenSource } from './transport.js';

/** The transport with every contract group bound: `client.account.login(...)`, `client.nlpAgents.list(...)`. */
export class ParleyClient extends ParleyTransport {
  readonly account = bindApi(this, accountApi);
  readonly profile = bindApi(this, profileApi);
  readonly twoFactor = bindApi(this, twoFactorApi);
  readonly platform = bindApi(this, platformApi);
  readonly users = bindApi(this, usersApi);
  readonly embedKeys = bindApi(this, embedKeysApi);
  readonly nlpAgents = bindApi(this, nlpAgentsApi);
  readonly nlpIntents = bindApi(this, nlpIntentsApi);
  readonly nlpEntities = bindApi(this, nlpEntitiesApi);
  readonly nlpConfig = bindApi(this, nlpConfigApi);
  readonly nlpGenai = bindApi(this, nlpGenaiApi);
  readonly nlpRuntime = bindApi(this, nlpRuntimeApi);
  readonly nlpReports = bindApi(this, nlpReportsApi);

  /**
   * The conversation export (agent-designer 7) as a file: its bytes and the server's file name. A refusal arrives as
   * an envelope and becomes a ParleyError like any other call.
   */
  downloadConversationsCsv(query: {
    agentId: string;
    startDate: string | number;
    endDate: string | number;
    scope?: 0 | 1 | 2;
    timeZoneOffset?: number;
    timeZone?: string;
  }): Observable<{ fileName: string; blob: Blob }> {
    return new Observable<{ fileName: string; blob: Blob }>((subscriber) => {
      const abort = new AbortController();
      const params = new URLSearchParams(Object.entries(query).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)]));
      void (async () => {
        const token = await firstValueFrom(this.token$);
        const response = await this.fetchImpl(`${joinUrl(this.options.baseUrl, CONVERSATIONS_CSV_PATH)}?${params}`, {
          headers: token ? { 'authentication-token': token } : {},
          signal: abort.signal,
        });
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

export const createClient = (options: ClientOptions) => new ParleyClient(options);
