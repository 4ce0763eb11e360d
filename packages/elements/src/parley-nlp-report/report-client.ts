import { nlpAgentsRoutes, nlpReportsRoutes } from '@parley/sdk/contract/routes';
import { ParleyTransport, bindApi } from '@parley/sdk/transport';

/**
 * The calls the report makes, bound from the SDK's zod-free route tables: the element loads the transport and the
 * contract's types, not zod and the other contract groups (a third of the bundle when it is embedded alone).
 * `downloadConversationsCsv` comes with the transport.
 */
export class ReportClient extends ParleyTransport {
  readonly nlpAgents = bindApi(this, { list: nlpAgentsRoutes.list });
  readonly nlpReports = bindApi(this, nlpReportsRoutes);
  readonly routes = nlpReportsRoutes;
}
