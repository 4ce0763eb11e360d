import { describe, expect, it } from 'vitest';
import { accountApi } from './contract/account.js';
import { artifactsApi } from './contract/artifacts.js';
import { broadcastsApi } from './contract/broadcasts.js';
import { channelsApi } from './contract/channels.js';
import { chatsApi } from './contract/chats.js';
import { chatAnalyticsApi } from './contract/chat-analytics.js';
import { customerDefinitionsApi } from './contract/customer-definitions.js';
import { customersApi } from './contract/customers.js';
import { embedKeysApi } from './contract/embed-keys.js';
import type { Endpoint } from './contract/endpoint.js';
import { nlpAgentsApi } from './contract/nlp-agents.js';
import { nlpConfigApi } from './contract/nlp-config.js';
import { nlpEntitiesApi } from './contract/nlp-entities.js';
import { nlpGenaiApi } from './contract/nlp-genai.js';
import { nlpIntentsApi } from './contract/nlp-intents.js';
import { nlpReportsApi } from './contract/nlp-reports.js';
import { nlpRuntimeApi } from './contract/nlp-runtime.js';
import { platformApi } from './contract/platform.js';
import { reportsApi } from './contract/reports.js';
import { profileApi, twoFactorApi } from './contract/profile.js';
import { enterpriseApi } from './contract/enterprise.js';
import { templatesApi } from './contract/templates.js';
import { trashApi } from './contract/trash.js';
import { billingApi } from './contract/billing.js';
import * as routes from './contract/routes.js';
import { usersApi } from './contract/users.js';
import { invitationsApi } from './contract/invitations.js';
import { rolesApi } from './contract/roles.js';
import type { RouteInfo } from './transport.js';

const contract: Record<keyof typeof routes, Record<string, Endpoint>> = {
  accountRoutes: accountApi,
  profileRoutes: profileApi,
  twoFactorRoutes: twoFactorApi,
  enterpriseRoutes: enterpriseApi,
  platformRoutes: platformApi,
  usersRoutes: usersApi,
  invitationsRoutes: invitationsApi,
  rolesRoutes: rolesApi,
  embedKeysRoutes: embedKeysApi,
  nlpAgentsRoutes: nlpAgentsApi,
  nlpIntentsRoutes: nlpIntentsApi,
  nlpEntitiesRoutes: nlpEntitiesApi,
  nlpConfigRoutes: nlpConfigApi,
  nlpGenaiRoutes: nlpGenaiApi,
  nlpRuntimeRoutes: nlpRuntimeApi,
  nlpReportsRoutes: nlpReportsApi,
  customerDefinitionsRoutes: customerDefinitionsApi,
  customersRoutes: customersApi,
  channelsRoutes: channelsApi,
  templatesRoutes: templatesApi,
  artifactsRoutes: artifactsApi,
  broadcastsRoutes: broadcastsApi,
  chatsRoutes: chatsApi,
  reportsRoutes: reportsApi,
  chatAnalyticsRoutes: chatAnalyticsApi,
  trashRoutes: trashApi,
  billingRoutes: billingApi,
};

/** Everything the transport reads of an endpoint, with unset hints left out. */
const routeOf = ({ method, path, multipart, effect }: RouteInfo) => ({
  method,
  path,
  ...(multipart !== undefined ? { multipart } : {}),
  ...(effect !== undefined ? { effect } : {}),
});

describe('zod-free route tables', () => {
  it('has one table per contract group', () => {
    expect(Object.keys(routes).sort()).toEqual(Object.keys(contract).sort());
  });

  for (const [name, api] of Object.entries(contract)) {
    it(`${name} matches its contract group exactly`, () => {
      const table = routes[name as keyof typeof routes] as Record<string, RouteInfo>;
      expect(Object.keys(table)).toEqual(Object.keys(api));
      for (const [key, endpoint] of Object.entries(api)) expect(routeOf(table[key]!), key).toStrictEqual(routeOf(endpoint));
    });
  }

  it('holds no schemas, only what the transport reads', () => {
    for (const table of Object.values(routes)) {
      for (const route of Object.values(table as Record<string, object>)) {
        expect(Object.keys(route).filter((k) => !['method', 'path', 'multipart', 'effect'].includes(k))).toEqual([]);
      }
    }
  });
});
