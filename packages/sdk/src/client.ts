import { accountApi } from './contract/account.js';
import { artifactsApi } from './contract/artifacts.js';
import { billingApi } from './contract/billing.js';
import { broadcastsApi } from './contract/broadcasts.js';
import { channelsApi } from './contract/channels.js';
import { chatsApi } from './contract/chats.js';
import { customerDefinitionsApi } from './contract/customer-definitions.js';
import { customersApi } from './contract/customers.js';
import { embedKeysApi } from './contract/embed-keys.js';
import { nlpAgentsApi } from './contract/nlp-agents.js';
import { nlpConfigApi } from './contract/nlp-config.js';
import { nlpEntitiesApi } from './contract/nlp-entities.js';
import { nlpGenaiApi } from './contract/nlp-genai.js';
import { nlpIntentsApi } from './contract/nlp-intents.js';
import { nlpReportsApi } from './contract/nlp-reports.js';
import { nlpRuntimeApi } from './contract/nlp-runtime.js';
import { platformApi } from './contract/platform.js';
import { profileApi, twoFactorApi } from './contract/profile.js';
import { rolesApi } from './contract/roles.js';
import { templatesApi } from './contract/templates.js';
import { usersApi } from './contract/users.js';
import { webChatApi } from './contract/web-chat.js';
import { enterpriseApi } from './contract/enterprise.js';
import { ParleyError } from './parley-error.js';
import { ParleyTransport, bindApi, type ClientOptions } from './transport.js';

export { ParleyError };
export { ParleyTransport, bindApi };
export type { BoundApi, ClientOptions, EndpointOf, Page, Route, RouteInfo, RoutesOf, SessionEvent, TokenSource, UploadEvent } from './transport.js';

/** The transport with every contract group bound: `client.account.login(...)`, `client.nlpAgents.list(...)`. */
export class ParleyClient extends ParleyTransport {
  readonly account = bindApi(this, accountApi);
  readonly profile = bindApi(this, profileApi);
  readonly twoFactor = bindApi(this, twoFactorApi);
  readonly enterprise = bindApi(this, enterpriseApi);
  readonly platform = bindApi(this, platformApi);
  readonly users = bindApi(this, usersApi);
  readonly roles = bindApi(this, rolesApi);
  readonly embedKeys = bindApi(this, embedKeysApi);
  readonly nlpAgents = bindApi(this, nlpAgentsApi);
  readonly nlpIntents = bindApi(this, nlpIntentsApi);
  readonly nlpEntities = bindApi(this, nlpEntitiesApi);
  readonly nlpConfig = bindApi(this, nlpConfigApi);
  readonly nlpGenai = bindApi(this, nlpGenaiApi);
  readonly nlpRuntime = bindApi(this, nlpRuntimeApi);
  readonly nlpReports = bindApi(this, nlpReportsApi);
  readonly customerDefinitions = bindApi(this, customerDefinitionsApi);
  readonly customers = bindApi(this, customersApi);
  readonly channels = bindApi(this, channelsApi);
  readonly templates = bindApi(this, templatesApi);
  readonly artifacts = bindApi(this, artifactsApi);
  readonly broadcasts = bindApi(this, broadcastsApi);
  readonly chats = bindApi(this, chatsApi);
  readonly webChat = bindApi(this, webChatApi);
  readonly billing = bindApi(this, billingApi);
}

export const createClient = (options: ClientOptions) => new ParleyClient(options);
