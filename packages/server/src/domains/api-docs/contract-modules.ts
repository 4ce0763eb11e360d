import * as account from '@parley/sdk/contract/account';
import * as artifacts from '@parley/sdk/contract/artifacts';
import * as broadcasts from '@parley/sdk/contract/broadcasts';
import * as channels from '@parley/sdk/contract/channels';
import * as chatAnalytics from '@parley/sdk/contract/chat-analytics';
import * as chatConfig from '@parley/sdk/contract/chat-config';
import * as chatMonitor from '@parley/sdk/contract/chat-monitor';
import * as chats from '@parley/sdk/contract/chats';
import * as customerDefinitions from '@parley/sdk/contract/customer-definitions';
import * as customers from '@parley/sdk/contract/customers';
import * as departments from '@parley/sdk/contract/departments';
import * as embedKeys from '@parley/sdk/contract/embed-keys';
import * as enterprise from '@parley/sdk/contract/enterprise';
import * as invitations from '@parley/sdk/contract/invitations';
import type { Endpoint } from '@parley/sdk/contract/endpoint';
import * as nlpAgents from '@parley/sdk/contract/nlp-agents';
import * as nlpConfig from '@parley/sdk/contract/nlp-config';
import * as nlpEntities from '@parley/sdk/contract/nlp-entities';
import * as nlpGenai from '@parley/sdk/contract/nlp-genai';
import * as nlpIntents from '@parley/sdk/contract/nlp-intents';
import * as nlpReports from '@parley/sdk/contract/nlp-reports';
import * as nlpRuntime from '@parley/sdk/contract/nlp-runtime';
import * as platform from '@parley/sdk/contract/platform';
import * as profile from '@parley/sdk/contract/profile';
import * as reports from '@parley/sdk/contract/reports';
import * as roles from '@parley/sdk/contract/roles';
import * as templates from '@parley/sdk/contract/templates';
import * as trash from '@parley/sdk/contract/trash';
import * as billing from '@parley/sdk/contract/billing';
import * as users from '@parley/sdk/contract/users';
import * as webChat from '@parley/sdk/contract/web-chat';

/**
 * Every contract module that declares endpoints, under its file name (the tag of its operations in the reference).
 * A test checks this list against the files of `packages/sdk/src/contract/`, so a new module cannot be forgotten.
 */
export const CONTRACT_MODULES: Readonly<Record<string, Readonly<Record<string, unknown>>>> = {
  account,
  profile,
  users,
  invitations,
  roles,
  enterprise,
  departments,
  'embed-keys': embedKeys,
  platform,
  'nlp-agents': nlpAgents,
  'nlp-intents': nlpIntents,
  'nlp-entities': nlpEntities,
  'nlp-config': nlpConfig,
  'nlp-genai': nlpGenai,
  'nlp-runtime': nlpRuntime,
  'nlp-reports': nlpReports,
  'customer-definitions': customerDefinitions,
  customers,
  channels,
  templates,
  artifacts,
  broadcasts,
  chats,
  'chat-analytics': chatAnalytics,
  'chat-config': chatConfig,
  'chat-monitor': chatMonitor,
  'web-chat': webChat,
  reports,
  trash,
  billing,
};

export interface ContractEndpoint {
  /** The contract module's file name: the operation's tag. */
  tag: string;
  /** `nlpIntents.save`: the `...Api` object without its suffix (the SDK client's property) and the call's key. */
  operationId: string;
  endpoint: Endpoint;
}

const isEndpoint = (v: unknown): v is Endpoint =>
  typeof v === 'object' && v !== null && typeof (v as Endpoint).method === 'string' && typeof (v as Endpoint).path === 'string' && 'input' in v && 'reply' in v;

/** Every endpoint of every `...Api` export of the contract modules. */
export function contractEndpoints(modules = CONTRACT_MODULES): ContractEndpoint[] {
  const found: ContractEndpoint[] = [];
  for (const [tag, mod] of Object.entries(modules)) {
    for (const [exportName, api] of Object.entries(mod)) {
      if (!/Api$/.test(exportName) || typeof api !== 'object' || api === null) continue;
      for (const [key, value] of Object.entries(api)) {
        if (isEndpoint(value)) found.push({ tag, operationId: `${exportName.replace(/Api$/, '')}.${key}`, endpoint: value });
      }
    }
  }
  return found;
}
