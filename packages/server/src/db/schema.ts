import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
/** Every tenant row names its enterprise; queries filter on it (see the tenancy notes in docs/api.md and SECURITY.md). */
const enterpriseId = () =>
  uuid('e_id')
    .notNull()
    .references(() => enterprises.id, { onDelete: 'cascade' });

export const enterprises = pgTable('enterprises', {
  id: id(),
  name: text('name').notNull(),
  /** Enterprise global config (spec 3): campaign.recordExtCampaign, chat.customChatSelection, ... */
  config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: createdAt(),
});

/** User state: 0 waiting for activation, 1 active, 2 deactivated (spec 3 names 1 and 2). */
export const users = pgTable(
  'users',
  {
    id: id(),
    eId: enterpriseId(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    roles: jsonb('roles').$type<number[]>().notNull(),
    state: integer('state').notNull().default(1),
    iconUrl: text('icon_url'),
    enableChatNotification: boolean('enable_chat_notification').notNull().default(true),
    enablePushNotification: boolean('enable_push_notification').notNull().default(false),
    /** Live chat availability (platform-shell 7.3 get_agent_status): 1 online, 2 away, 0 offline. */
    agentStatus: integer('agent_status').notNull().default(0),
    audioSettings: jsonb('audio_settings').$type<{ enable: boolean; sounds: unknown[] }>().notNull().default({ enable: true, sounds: [] }),
    twoFactorEmail: boolean('two_factor_email').notNull().default(false),
    /** Sealed with secrets/sealed-box: the TOTP secret once verified, and the one being enrolled. */
    totpSecret: text('totp_secret'),
    totpPending: text('totp_pending'),
    recoveryCodes: text('recovery_codes'),
    /** Set by an administrator with the roles (platform-shell 7.4 update_roles `chat`). */
    chatSettings: jsonb('chat_settings').$type<{ maxChats: number }>().notNull().default({ maxChats: 0 }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email), index('users_e_id_idx').on(t.eId)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    eId: enterpriseId(),
    uId: uuid('u_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    method: text('method').$type<'password' | 'sso'>().notNull().default('password'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_u_id_idx').on(t.uId)],
);

/** Pre-authentication data: not tenant rows. */
export const captchas = pgTable('captchas', {
  id: id(),
  answerHash: text('answer_hash').notNull(),
  purpose: text('purpose').notNull().default('login'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

export type AccountTokenKind = 'activation' | 'reset' | 'two-factor' | 'oidc-state' | 'sso-ticket';

/** One-time secrets: activation links, reset codes, second-factor challenges, OIDC state. Only hashes are kept. */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: id(),
    eId: enterpriseId(),
    uId: uuid('u_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<AccountTokenKind>().notNull(),
    secretHash: text('secret_hash').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('account_tokens_secret_idx').on(t.kind, t.secretHash)],
);

/**
 * An invitation to join an enterprise (platform-shell 3 "Invitation", 7.4): the invitee is not a user until they
 * accept, so it cannot be an account token. Only the link secret's hash is kept; the state is read from the dates.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: id(),
    eId: enterpriseId(),
    email: text('email').notNull(),
    roles: jsonb('roles').$type<number[]>().notNull(),
    secretHash: text('secret_hash').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  },
  (t) => [index('invitations_e_id_idx').on(t.eId, t.createdAt)],
);

/**
 * Custom roles (platform-shell 6, issue 36 item 4): an enterprise's own roles beside the six built-in ones (ids 1-6,
 * defined in the contract). Ids start at 101 so a user's `roles` array keeps one numbering for both kinds.
 */
export const customRoles = pgTable(
  'custom_roles',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity({ startWith: 101 }),
    eId: enterpriseId(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** The built-in role it was made from, shown in the list; its permissions were copied at creation. */
    baseRole: integer('base_role'),
    permissions: jsonb('permissions').$type<string[]>().notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('custom_roles_e_id_name_idx').on(t.eId, sql`lower(${t.name})`)],
);

/**
 * Trash (platform-shell 2.8, issue 36 item 7): a deleted agent, customer, template, channel or attachment kept whole
 * (its row and the rows that went with it) for 30 days, restorable until a job purges it.
 */
export const trashItems = pgTable(
  'trash_items',
  {
    id: id(),
    eId: enterpriseId(),
    /** agent, customer, template, channel or attachment. */
    type: text('type').notNull(),
    objectId: text('object_id').notNull(),
    name: text('name').notNull(),
    snapshot: jsonb('snapshot').$type<Record<string, unknown>>().notNull(),
    deletedBy: uuid('deleted_by').references(() => users.id, { onDelete: 'set null' }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
    purgeAfter: timestamp('purge_after', { withTimezone: true }).notNull(),
  },
  (t) => [index('trash_items_e_id_idx').on(t.eId, t.deletedAt), index('trash_items_purge_idx').on(t.purgeAfter)],
);

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    eId: enterpriseId(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
  },
  (t) => [index('mail_outbox_to_idx').on(t.to, t.createdAt)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    eId: enterpriseId(),
    uId: uuid('u_id'),
    action: text('action').notNull(),
    target: text('target').notNull(),
    statusCode: integer('status_code').notNull(),
    ip: text('ip'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_e_id_at_idx').on(t.eId, t.at)],
);

export const demoJobRuns = pgTable('demo_job_runs', {
  jobId: text('job_id').primaryKey(),
  eId: enterpriseId(),
  text: text('text').notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});

/**
 * Proof of life of running jobs (jobs/queue.ts): a job whose beat is older than the takeover age has lost its
 * process and is handed back to pg-boss for another worker. pg-boss 10 keeps no heartbeat of its own.
 */
export const jobHeartbeats = pgTable('job_heartbeats', {
  jobId: uuid('job_id').primaryKey(),
  processId: text('process_id').notNull(),
  beatAt: timestamp('beat_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Chatbot agents of the designer (agent-designer spec). Names are unique per enterprise, case-insensitively. */
export const agents = pgTable(
  'agents',
  {
    id: id(),
    eId: enterpriseId(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    type: text('type').$type<'prompt' | 'nlp'>(),
    config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
    promptConfig: jsonb('prompt_config').$type<Record<string, unknown>>().notNull().default({}),
    /** Bumped by every change that a training would see; the trained model records the version it was built from. */
    designVersion: integer('design_version').notNull().default(0),
    trainingState: text('training_state').$type<'not-trained' | 'training' | 'trained' | 'failed'>().notNull().default('not-trained'),
    trainingProgress: real('training_progress'),
    trainingError: text('training_error'),
    trainingJobId: text('training_job_id'),
    /** The running training is a retry of one whose process stopped; reset by every Train click. */
    trainingResumed: boolean('training_resumed').notNull().default(false),
    trainedVersion: integer('trained_version'),
    trainedAt: timestamp('trained_at', { withTimezone: true }),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('agents_e_id_name_key').on(t.eId, sql`lower(${t.name})`)],
);

/** Stories form a tree under one root story per agent, made with the agent. */
export const stories = pgTable(
  'stories',
  {
    id: id(),
    eId: enterpriseId(),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id'),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('stories_agent_name_key').on(t.agentId, sql`lower(${t.name})`), index('stories_agent_idx').on(t.agentId)],
);

/** Intents live in a story; phrases, responses and parameters are kept as the designer edits them, whole. */
export const intents = pgTable(
  'intents',
  {
    id: id(),
    eId: enterpriseId(),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    storyId: uuid('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    utterances: jsonb('utterances').$type<{ text: string; entities: { entityId: string; entityStartPos: number; entityEndPos: number }[] }[]>().notNull(),
    responses: jsonb('responses').$type<string[]>().notNull(),
    parameters: jsonb('parameters').$type<{ name: string; entityId: string; required: boolean; prompts: string[]; value?: string }[]>().notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('intents_agent_name_key').on(t.agentId, sql`lower(${t.name})`), index('intents_story_idx').on(t.storyId)],
);

/** Custom entities of an agent: values with synonyms or patterns. System entities are the NLU engine's, not rows. */
export const entities = pgTable(
  'entities',
  {
    id: id(),
    eId: enterpriseId(),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    values: jsonb('values').$type<{ value: string; type: 'synonyms' | 'pattern'; synonyms?: string[]; patterns?: string[] }[]>().notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('entities_agent_name_key').on(t.agentId, sql`lower(${t.name})`)],
);

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });
/** Written as a tsvector literal (customers/search-words.ts); read back, it is the same text. */
const tsvector = customType<{ data: string; driverData: string }>({ dataType: () => 'tsvector' });

/** The newest trained model of an agent with the intents' runtime data it was trained from, replaced whole. */
export const agentModels = pgTable('agent_models', {
  agentId: uuid('agent_id')
    .primaryKey()
    .references(() => agents.id, { onDelete: 'cascade' }),
  eId: enterpriseId(),
  version: integer('version').notNull(),
  jobId: text('job_id').notNull(),
  model: bytea('model').notNull(),
  runtime: jsonb('runtime').$type<Record<string, unknown>>().notNull(),
  trainedAt: timestamp('trained_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One Try-it or channel conversation: who talks to which agent, and the dialog state between turns. */
export const conversationSessions = pgTable(
  'conversation_sessions',
  {
    id: id(),
    eId: enterpriseId(),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    senderId: text('sender_id').notNull(),
    state: jsonb('state').$type<Record<string, unknown>>().notNull().default({}),
    /** Running counts kept with each logged message: the report cards and charts sum these, not a million rows. */
    messages: integer('messages').notNull().default(0),
    scopedMessages: integer('scoped_messages').notNull().default(0),
    weakMessages: integer('weak_messages').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('conversation_sessions_agent_time_idx').on(t.agentId, t.createdAt)],
);

/** Every message and what the agent made of it: the conversation reports read only this table. */
export const conversationMessages = pgTable(
  'conversation_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    eId: enterpriseId(),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id').notNull(),
    senderId: text('sender_id').notNull(),
    userMessage: text('user_message').notNull(),
    createdAt: createdAt(),
    intentIdentified: boolean('intent_identified').notNull(),
    intent: text('intent'),
    confidence: real('confidence').notNull(),
    utterance: text('utterance'),
    botResponse: text('bot_response').notNull(),
    emotion: text('emotion').notNull(),
    otherIntents: jsonb('other_intents').$type<{ intent: string; confidence: number; utterance: string | null }[]>().notNull().default([]),
    scoped: boolean('scoped').notNull(),
    /** Scoped, but with a confidence close to the threshold: the Weak Understanding card. */
    weak: boolean('weak').notNull(),
    /** What answered: an intent, the knowledge base, the out-of-scope message (predictReply output.source). */
    answerSource: text('answer_source'),
  },
  (t) => [index('conversation_messages_agent_time_idx').on(t.agentId, t.createdAt)],
);

/**
 * The knowledge base of an agent (issue 38): passages of its Gen AI documents (and later websites), each with its
 * source and page, rebuilt on Train. Searched with PostgreSQL full-text ranking (`search`, English stemming).
 */
export const kbPassages = pgTable(
  'kb_passages',
  {
    id: id(),
    eId: enterpriseId(),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    /** The document's file name or the page's URL. */
    source: text('source').notNull(),
    title: text('title').notNull(),
    page: integer('page'),
    position: integer('position').notNull(),
    text: text('text').notNull(),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('english', "title" || ' ' || "text")`),
    /**
     * The passage's unit-length embedding by the agent's embeddings model (null without one): float4[] rather than
     * pgvector's vector, which a plain PostgreSQL may not have; cosine is a dot product over the agent's passages.
     */
    embedding: real('embedding').array(),
  },
  (t) => [index('kb_passages_agent_idx').on(t.agentId, t.position), index('kb_passages_search_idx').using('gin', t.search)],
);

/**
 * LLM integration configurations (agent-designer "Integration form (LLM)", authType 5) that gen-AI and prompt agents
 * choose from. The API key is sealed (secrets/sealed-box) and never returned.
 */
export const llmConfigurations = pgTable(
  'llm_configurations',
  {
    id: id(),
    eId: enterpriseId(),
    name: text('name').notNull(),
    authType: integer('auth_type').notNull().default(5),
    /** 1 OpenAI, 2 GPT (agent-designer 9). */
    llm: integer('llm').notNull(),
    apiKeySealed: text('api_key_sealed').notNull(),
    /** The OpenAI-compatible endpoint and models (issue 38); empty: OpenAI and DEFAULT_LLM_MODEL. */
    baseUrl: text('base_url').notNull().default(''),
    model: text('model').notNull().default(''),
    embeddingModel: text('embedding_model').notNull().default(''),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('llm_configurations_name_key').on(t.eId, t.name)],
);

/**
 * Tokens an agent's LLM calls used, per day and purpose (issue 38): the per-agent daily budget reads it before each
 * call, and billing can meter it. One row per (enterprise, agent, day, purpose), added to after each call.
 */
export const llmUsage = pgTable(
  'llm_usage',
  {
    eId: enterpriseId(),
    agentId: uuid('agent_id').notNull(),
    /** UTC day. */
    day: text('day').notNull(),
    /** answer, prompt, classify, rewrite, embed, paraphrase */
    purpose: text('purpose').notNull(),
    promptTokens: bigint('prompt_tokens', { mode: 'number' }).notNull().default(0),
    completionTokens: bigint('completion_tokens', { mode: 'number' }).notNull().default(0),
    calls: integer('calls').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.eId, t.agentId, t.day, t.purpose] })],
);

/**
 * Embed keys for partner pages (domains/embed-keys): only the SHA-256 of the secret is kept (the secret has 256 random
 * bits, so a fast hash is enough), with its first characters to recognise it by. Revoked keys stay, for the record.
 */
export const embedKeys = pgTable(
  'embed_keys',
  {
    id: id(),
    eId: enterpriseId(),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull(),
    scopes: jsonb('scopes').$type<string[]>().notNull(),
    /** Agents the try-it scope may talk to; empty: every agent of the enterprise. */
    agentIds: jsonb('agent_ids').$type<string[]>().notNull().default([]),
    allowedOrigins: jsonb('allowed_origins').$type<string[]>().notNull(),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('embed_keys_secret_hash_key').on(t.secretHash), index('embed_keys_e_id_idx').on(t.eId, t.createdAt)],
);

/** The keys of custom fields' values in customers.data (customerAttributeDefinitions.dataKey). */
export const customerDataKeys = pgSequence('customer_data_keys');

/**
 * Customer attribute definitions (customer-master 3): the custom fields of an enterprise's customers, in `index`
 * order (dense, 0-based; the two built-in fields are not stored). `validations` keeps the spec's `{ id, value }` list.
 */
export const customerAttributeDefinitions = pgTable(
  'customer_attribute_definitions',
  {
    id: id(),
    eId: enterpriseId(),
    fieldName: text('field_name').notNull(),
    fieldLabel: text('field_label').notNull(),
    fieldType: text('field_type').notNull(),
    inputType: text('input_type'),
    fieldHelpText: text('field_help_text').notNull(),
    mandatory: boolean('mandatory').notNull().default(false),
    search: boolean('search').notNull().default(false),
    defaultValue: text('default_value')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    validations: jsonb('validations').$type<{ id: string; value: unknown }[]>().notNull().default([]),
    commaIncluded: boolean('comma_included').notNull().default(false),
    index: integer('index').notNull(),
    // The key of this field's values in customers.data: a number of a sequence that never gives one twice (drizzle/0017),
    // so a value left by a deleted field is never read as a new one's. A few characters where the id took 36 in every
    // customer row: a million imported customers with seven fields held 510 MB, now 290.
    dataKey: text('data_key')
      .notNull()
      .default(sql`nextval('customer_data_keys')::text`),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('customer_attribute_definitions_field_name_key').on(t.eId, sql`lower(${t.fieldName})`),
    index('customer_attribute_definitions_e_id_idx').on(t.eId, t.index),
  ],
);

/**
 * Customers (customer-master 3). `phone_number` is E.164 and unique per enterprise; custom field values live in
 * `data`, keyed by each definition's `data_key`. `search` (the words of the name and searchable fields) feeds a full-text index and the phone key
 * answers digits, so a search stays fast at a million customers. `last_upload_id` marks the upload that last changed the row (an import
 * leaves a customer whose values it would not change as it is).
 */
export const customers = pgTable(
  'customers',
  {
    // Time-ordered ids (uuid_v7(), drizzle/0013): an import's new customers land at the end of every index that holds
    // their id, not on a random page each, which halves what a million-row import writes.
    id: uuid('id')
      .primaryKey()
      .default(sql`uuid_v7()`),
    // No foreign key, for the import's sake as for memberships; an enterprise's deletion removes its customers by a trigger.
    eId: uuid('e_id').notNull(),
    name: text('name').notNull(),
    phoneNumber: text('phone_number').notNull(),
    whatsAppNumber: text('whatsapp_number').notNull().default(''),
    twitterId: text('twitter_id').notNull().default(''),
    facebookId: text('facebook_id').notNull().default(''),
    instaId: text('insta_id').notNull().default(''),
    data: jsonb('data').$type<Record<string, string | string[]>>().notNull().default({}),
    search: tsvector('search')
      .notNull()
      .default(sql`''::tsvector`),
    lastUploadId: uuid('last_upload_id'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // text_pattern_ops: the same unique key also answers a search by the first digits of a number (LIKE '+9198%').
    uniqueIndex('customers_phone_key').on(t.eId, t.phoneNumber.op('text_pattern_ops')),
    // Newest first is read backwards (nulls first here is nulls last there, as the list orders). Kept ascending because
    // an import appends its new customers, in id order, at the end of their enterprise's range, where a split leaves
    // the old page full; a descending index took each at the start of the range and left its pages half empty
    // (101 MB against 56 MB for a million, and twice the insertion work).
    index('customers_e_id_created_idx').on(t.eId, t.createdAt.asc().nullsFirst(), t.id.asc().nullsFirst()),
    index('customers_search_idx').using('gin', t.search),
  ],
);

/** Segments, also called tags or labels (customer-master 3); an upload goes into one. */
export const customerTags = pgTable('customer_tags', { id: id(), eId: enterpriseId(), name: text('name').notNull(), createdAt: createdAt() }, (t) => [
  uniqueIndex('customer_tags_name_key').on(t.eId, sql`lower(${t.name})`),
]);

export const customerGroups = pgTable('customer_groups', { id: id(), eId: enterpriseId(), name: text('name').notNull(), createdAt: createdAt() }, (t) => [
  uniqueIndex('customer_groups_name_key').on(t.eId, sql`lower(${t.name})`),
]);

/**
 * Segment membership. `upload_id` names the upload that last put the customer here: 'Replace Existing Records' keeps
 * only its own. No foreign keys: an import writes a million of these, and a key's check locks the customer's row
 * again (a second write of every new customer). Deleting a segment or a customer still removes its memberships, by
 * statement triggers (drizzle/0013_import_without_row_checks.sql); rows are only ever written with ids just read.
 */
export const customerTagMembers = pgTable(
  'customer_tag_members',
  {
    tagId: uuid('tag_id').notNull(),
    customerId: uuid('customer_id').notNull(),
    uploadId: uuid('upload_id'),
  },
  (t) => [primaryKey({ columns: [t.tagId, t.customerId] }), index('customer_tag_members_customer_idx').on(t.customerId)],
);

export const customerGroupMembers = pgTable(
  'customer_group_members',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => customerGroups.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.customerId] }), index('customer_group_members_customer_idx').on(t.customerId)],
);

/**
 * One CSV upload (the spec's customerCSV). The import job commits each batch together with `processed_lines` and the
 * counts, so a job resumed after a crash skips exactly the rows already done.
 */
export const customerUploads = pgTable(
  'customer_uploads',
  {
    id: id(),
    eId: enterpriseId(),
    segmentId: uuid('segment_id').references(() => customerTags.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    storageKey: text('storage_key').notNull(),
    replace: boolean('replace').notNull().default(false),
    userHeaders: jsonb('user_headers').$type<string[]>().notNull(),
    /** The file's delimiter: found at upload (csv-delimiter.ts), changeable until the mapping is submitted. */
    delimiter: text('delimiter').notNull().default(','),
    /** The encoding the file was read in (csv-encoding.ts); the store keeps it as UTF-8. */
    encoding: text('encoding').notNull().default('UTF-8'),
    headerMapping: jsonb('header_mapping').$type<{ src: string; des: string }[]>(),
    state: text('state').notNull().default('WAITING'),
    started: boolean('started').notNull().default(false),
    totalLines: integer('total_lines').notNull().default(0),
    acceptedLines: integer('accepted_lines').notNull().default(0),
    errorLines: integer('error_lines').notNull().default(0),
    processedLines: integer('processed_lines').notNull().default(0),
    error: text('error'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [index('customer_uploads_e_id_idx').on(t.eId, t.createdAt.desc())],
);

/** A rejected row of an upload: its first line number in the file, the text of the row and why. */
export const customerUploadErrors = pgTable(
  'customer_upload_errors',
  {
    uploadId: uuid('upload_id')
      .notNull()
      .references(() => customerUploads.id, { onDelete: 'cascade' }),
    line: integer('line').notNull(),
    lineStr: text('line_str').notNull(),
    errors: jsonb('errors').$type<{ message: string }[]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.line] })],
);

/**
 * A messaging channel (platform-shell 3 and 7.4): `data` keeps the vendor form's plain fields; the vendor's secrets
 * (passwords, keys, tokens) are sealed together in `sealed_data` and never leave the server in full.
 */
export const channels = pgTable(
  'channels',
  {
    id: id(),
    eId: enterpriseId(),
    name: text('name').notNull(),
    type: integer('type').notNull(),
    /** The department whose queue the channel's chats wait in (null: every agent's). */
    deptId: uuid('dept_id').references((): AnyPgColumn => departments.id, { onDelete: 'set null' }),
    vendor: integer('vendor').notNull(),
    contactId: text('contact_id').notNull().default(''),
    data: jsonb('data').$type<Record<string, string>>().notNull().default({}),
    sealedData: text('sealed_data'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('channels_name_key').on(t.eId, sql`lower(${t.name})`), index('channels_e_id_idx').on(t.eId, t.createdAt.desc())],
);

/**
 * A message template of a channel, as submitted to its vendor: `components` in the Cloud API's shape, `status` as the
 * vendor last reported it (PENDING, APPROVED, REJECTED, PAUSED, DISABLED), `vendor_template_id` the vendor's id.
 */
export const messageTemplates = pgTable(
  'message_templates',
  {
    id: id(),
    eId: enterpriseId(),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    language: text('language').notNull().default('en_US'),
    category: text('category').notNull(),
    kind: text('kind').notNull().default('DEFAULT'),
    components: jsonb('components').$type<unknown[]>().notNull(),
    status: text('status').notNull().default('PENDING'),
    vendorTemplateId: text('vendor_template_id'),
    rejectedReason: text('rejected_reason'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('message_templates_name_key').on(t.channelId, t.name, t.language),
    index('message_templates_e_id_idx').on(t.eId, t.status, t.createdAt.desc()),
  ],
);

/**
 * A message sent through a channel (a broadcast's, a test send's): `wamid` is the vendor's message id; `status` only
 * moves forward (accepted < sent < delivered < read; failed is final), whatever order the webhooks arrive in.
 */
export const channelMessages = pgTable(
  'channel_messages',
  {
    id: id(),
    eId: enterpriseId(),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    wamid: text('wamid').notNull(),
    recipient: text('recipient').notNull(),
    templateName: text('template_name'),
    payload: jsonb('payload').$type<unknown>(),
    /** Who asked for the send (a broadcast's id, later), so its history can be read back. */
    sourceType: text('source_type'),
    sourceId: text('source_id'),
    status: text('status').notNull().default('accepted'),
    errorCode: integer('error_code'),
    errorTitle: text('error_title'),
    createdAt: createdAt(),
    statusAt: timestamp('status_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('channel_messages_wamid_key').on(t.channelId, t.wamid), index('channel_messages_source_idx').on(t.eId, t.sourceType, t.sourceId)],
);

/** Every status event a vendor's webhook delivered, once each (`event_key` is unique): the message's history. */
export const channelMessageEvents = pgTable(
  'channel_message_events',
  {
    id: id(),
    eId: enterpriseId(),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    wamid: text('wamid').notNull(),
    status: text('status').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    errorCode: integer('error_code'),
    errorTitle: text('error_title'),
    eventKey: text('event_key').notNull(),
    /** The vendor's echo of our own id (Cloud API `biz_opaque_callback_data`): how a send whose reply was lost is found. */
    callbackData: text('callback_data'),
    raw: jsonb('raw').$type<unknown>().notNull(),
    receivedAt: createdAt(),
  },
  (t) => [
    uniqueIndex('channel_message_events_key').on(t.channelId, t.eventKey),
    index('channel_message_events_wamid_idx').on(t.channelId, t.wamid, t.occurredAt),
    index('channel_message_events_callback_idx').on(t.callbackData),
  ],
);

/** A folder of attachments (platform-shell 7.4 buckets; customer-master 3 Bucket {id, name}). */
export const buckets = pgTable(
  'buckets',
  {
    id: id(),
    eId: enterpriseId(),
    name: text('name').notNull(),
    isPublic: boolean('is_public').notNull().default(true),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('buckets_name_key').on(t.eId, t.isPublic, sql`lower(${t.name})`)],
);

/**
 * An attachment (artifact): a stored file (`storage_key`) or a location, message or URL. `type` is the dialog's
 * (IMAGE, VIDEO, AUDIO, DOC, LOCATION, MSG, URL); private artifacts are seen only by whoever created them.
 */
export const artifacts = pgTable(
  'artifacts',
  {
    id: id(),
    eId: enterpriseId(),
    type: text('type').notNull(),
    name: text('name').notNull(),
    desc: text('desc').notNull().default(''),
    address: text('address'),
    url: text('url'),
    storageKey: text('storage_key'),
    mimeType: text('mime_type'),
    size: integer('size'),
    width: integer('width'),
    height: integer('height'),
    isPublic: boolean('is_public').notNull().default(true),
    adminCreated: boolean('admin_created').notNull().default(false),
    deptId: text('dept_id'),
    bucketId: uuid('bucket_id').references(() => buckets.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
  },
  (t) => [index('artifacts_e_id_idx').on(t.eId, t.isPublic, t.createdAt.desc()), index('artifacts_bucket_idx').on(t.bucketId)],
);

/** The WhatsApp sandbox's own template store (the vendor's side, not ours): it outlives a restart like Meta's does. */
export const sandboxWaTemplates = pgTable(
  'sandbox_wa_templates',
  {
    id: text('id').primaryKey(),
    wabaId: text('waba_id').notNull(),
    name: text('name').notNull(),
    language: text('language').notNull(),
    category: text('category').notNull(),
    components: jsonb('components').$type<unknown[]>().notNull(),
    status: text('status').notNull().default('PENDING'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sandbox_wa_templates_name_key').on(t.wabaId, t.name, t.language)],
);

/**
 * A template broadcast (customer-master-and-broadcast 3: channelId, phoneNumbers, message, columnMapping). `message`
 * keeps the spec's `message.template` as sent; counters follow its messages' statuses.
 */
export const broadcasts = pgTable(
  'broadcasts',
  {
    id: id(),
    eId: enterpriseId(),
    name: text('name').notNull(),
    channelId: uuid('channel_id').references(() => channels.id, { onDelete: 'set null' }),
    channelName: text('channel_name').notNull(),
    templateId: uuid('template_id'),
    templateName: text('template_name').notNull(),
    language: text('language').notNull(),
    message: jsonb('message').$type<unknown>().notNull(),
    columnMapping: jsonb('column_mapping').$type<unknown>().notNull().default([]),
    resourceType: text('resource_type'),
    resourceId: text('resource_id'),
    /** QUEUED, SENDING, COMPLETED (every message handed over or failed), FAILED (could not start). */
    status: text('status').notNull().default('QUEUED'),
    total: integer('total').notNull().default(0),
    accepted: integer('accepted').notNull().default(0),
    sent: integer('sent').notNull().default(0),
    delivered: integer('delivered').notNull().default(0),
    read: integer('read').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    createdBy: uuid('created_by'),
    createdByName: text('created_by_name').notNull().default(''),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [index('broadcasts_e_id_idx').on(t.eId, t.createdAt.desc())],
);

/**
 * One recipient of a broadcast. It is written before the vendor is called (`state` sending, `attempts` counted), so a
 * crash leaves a trace: a message in `sending` without a `wamid` has an unknown fate and is reconciled from the status
 * events carrying its id (`channel_message_events.callback_data`) before it may be sent again.
 * `state`: queued, sending, accepted, sent, delivered, read, failed (only forward, like `channel_messages.status`).
 */
export const broadcastMessages = pgTable(
  'broadcast_messages',
  {
    id: id(),
    broadcastId: uuid('broadcast_id')
      .notNull()
      .references(() => broadcasts.id, { onDelete: 'cascade' }),
    eId: enterpriseId(),
    recipient: text('recipient').notNull(),
    customerId: uuid('customer_id'),
    /** The Cloud API send components with this recipient's values filled in. */
    components: jsonb('components').$type<unknown[]>().notNull(),
    state: text('state').notNull().default('queued'),
    wamid: text('wamid'),
    attempts: integer('attempts').notNull().default(0),
    errorCode: integer('error_code'),
    errorTitle: text('error_title'),
    createdAt: createdAt(),
    handedAt: timestamp('handed_at', { withTimezone: true }),
    statusAt: timestamp('status_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('broadcast_messages_recipient_key').on(t.broadcastId, t.recipient),
    index('broadcast_messages_state_idx').on(t.broadcastId, t.state),
    index('broadcast_messages_wamid_idx').on(t.wamid),
  ],
);

/**
 * A live chat between a customer and the enterprise on one channel (platform-shell 3 "Chat", 4.4): `state` CREATED 0,
 * STARTED 1 (waiting in the queue), ONGOING 2, CLOSED 3, MISSED 4, SUSPEND 5. One chat is open per channel and
 * customer (the partial unique index); a closed chat stays closed and the customer's next message opens a new one.
 * `pending_*` is the one transfer, invitation or assignment waiting for its agent's answer.
 */
export const chats = pgTable(
  'chats',
  {
    id: id(),
    eId: enterpriseId(),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    channelType: integer('channel_type').notNull(),
    /** The queue the chat waits in: its channel's department when it opened (null: every agent's queue). */
    deptId: uuid('dept_id').references((): AnyPgColumn => departments.id, { onDelete: 'set null' }),
    customerId: uuid('customer_id'),
    /** E.164 for WhatsApp; the visitor's id on a web channel. */
    customerNumber: text('customer_number').notNull(),
    customerName: text('customer_name').notNull().default(''),
    state: integer('state').notNull().default(0),
    missedReason: integer('missed_reason'),
    /** The handling agent (spec 3: handlingAgent). */
    agentId: uuid('agent_id'),
    pendingType: text('pending_type'),
    pendingTo: uuid('pending_to'),
    pendingBy: uuid('pending_by'),
    /** The bot answers while true; it stops for good once the chat is handed to people. */
    botActive: boolean('bot_active').notNull().default(false),
    botMisses: integer('bot_misses').notNull().default(0),
    pinned: boolean('pinned').notNull().default(false),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    note: text('note').notNull().default(''),
    feedback: text('feedback'),
    isJitRequired: boolean('is_jit_required').notNull().default(false),
    messageCount: integer('message_count').notNull().default(0),
    lastMessage: text('last_message').notNull().default(''),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    /** The customer's last message: WhatsApp's 24-hour customer-service window runs from here. */
    lastCustomerAt: timestamp('last_customer_at', { withTimezone: true }),
    createdAt: createdAt(),
    pickedAt: timestamp('picked_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('chats_open_key')
      .on(t.channelId, t.customerNumber)
      .where(sql`state <> 3`),
    index('chats_e_id_state_idx').on(t.eId, t.state, t.lastMessageAt.desc()),
    index('chats_agent_idx').on(t.eId, t.agentId, t.state),
    index('chats_closed_idx').on(t.eId, t.closedAt.desc()),
  ],
);

/** Who takes part in a chat besides its handling agent: invited agents who accepted (spec 4.5 acceptInvite). */
export const chatParticipants = pgTable(
  'chat_participants',
  {
    chatId: uuid('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    uId: uuid('u_id').notNull(),
    joinedAt: createdAt(),
    leftAt: timestamp('left_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.chatId, t.uId] })],
);

/**
 * A chat's actions and messages (platform-shell 3 "Message"): `action_type` the chat action enumeration (customer
 * reply 1, agent reply 3, ...), `status` delivered 1, read 2, failed 3 (null while only sent). An inbound message
 * keeps the vendor's id in `vendor_message_id`, unique per channel, so a webhook retried by the vendor never adds it
 * twice; an outbound one keeps the id the vendor gave it in `trans_id`.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    actionId: bigserial('action_id', { mode: 'number' }).primaryKey(),
    chatId: uuid('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    eId: uuid('e_id').notNull(),
    channelId: uuid('channel_id').notNull(),
    actionType: integer('action_type').notNull(),
    /** A user's id, the customer's number, or 'bot' / 'system'. */
    actionBy: text('action_by').notNull(),
    userName: text('user_name').notNull().default(''),
    message: text('message').notNull().default(''),
    /** {type, url, fileName, mimeType, caption, latitude, longitude, ...}: what came with the message. */
    attachment: jsonb('attachment').$type<Record<string, unknown>>(),
    /** text, image, video, audio, document, location, button, interactive, contacts, reaction, unsupported, template. */
    kind: text('kind').notNull().default('text'),
    status: integer('status'),
    channelErrorCode: integer('channel_error_code'),
    channelErrorDesc: text('channel_error_desc'),
    vendorMessageId: text('vendor_message_id'),
    transId: text('trans_id'),
    /** Whether an agent has seen a customer's message (spec 4.5 read receipts). */
    seen: boolean('seen').notNull().default(false),
    actedOn: timestamp('acted_on', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chat_messages_vendor_key')
      .on(t.channelId, t.vendorMessageId)
      .where(sql`vendor_message_id is not null`),
    index('chat_messages_chat_idx').on(t.chatId, t.actionId),
    index('chat_messages_trans_idx')
      .on(t.channelId, t.transId)
      .where(sql`trans_id is not null`),
  ],
);

/**
 * The sandbox phone's conversation log (the vendor's side, not ours): what each customer number of the sandbox sent
 * and received, so the page at /sandbox/phone shows the business's replies with their ticks after a reload.
 */
export const sandboxWaMessages = pgTable(
  'sandbox_wa_messages',
  {
    id: text('id').primaryKey(),
    phoneNumberId: text('phone_number_id').notNull(),
    waId: text('wa_id').notNull(),
    /** 'in' from the customer to the business, 'out' from the business. */
    direction: text('direction').notNull(),
    type: text('type').notNull(),
    body: jsonb('body').$type<Record<string, unknown>>().notNull(),
    status: text('status').notNull().default('sent'),
    createdAt: createdAt(),
  },
  (t) => [index('sandbox_wa_messages_number_idx').on(t.waId, t.createdAt)],
);

/**
 * A department (platform-shell 3: name, desc, manager): its members take the chats of its channels. The chat settings
 * are Chat Config's: `missed_after_seconds` (null: the enterprise's `chat.missedAfterSeconds`, else 600) and
 * `working_hours` (null: always open), see departments/working-hours.ts.
 */
export const departments = pgTable(
  'departments',
  {
    id: id(),
    eId: enterpriseId(),
    name: text('name').notNull(),
    desc: text('desc').notNull().default(''),
    manager: uuid('manager').references(() => users.id, { onDelete: 'set null' }),
    missedAfterSeconds: integer('missed_after_seconds'),
    workingHours: jsonb('working_hours').$type<{ timeZone: string; days: ({ open: string; close: string } | null)[] }>(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('departments_name_key').on(t.eId, sql`lower(${t.name})`)],
);

export const departmentUsers = pgTable(
  'department_users',
  {
    deptId: uuid('dept_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'cascade' }),
    uId: uuid('u_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.deptId, t.uId] }), index('department_users_u_id_idx').on(t.uId)],
);

/** Chat labels of a department (Chat Config), offered as tags in the inbox; `position` orders them. */
export const chatLabels = pgTable(
  'chat_labels',
  {
    id: id(),
    eId: enterpriseId(),
    deptId: uuid('dept_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    color: text('color').notNull().default('blue'),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('chat_labels_name_key').on(t.deptId, sql`lower(${t.name})`), index('chat_labels_dept_idx').on(t.deptId, t.position)],
);

/**
 * Billing (docs/billing.md): an enterprise's account. None yet means Postpaid, ACTIVE, INR, on the default rate card
 * (so metering never blocks an enterprise that has not been set up); a prepaid account's broadcasts are held to its
 * wallet.
 */
export const billingAccounts = pgTable('billing_accounts', {
  eId: uuid('e_id')
    .primaryKey()
    .references(() => enterprises.id, { onDelete: 'cascade' }),
  accountType: text('account_type').notNull().default('Postpaid'),
  status: text('status').notNull().default('ACTIVE'),
  currencyCode: text('currency_code').notNull().default('INR'),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The rate card: one price per service (`planEntityId`), in millionths of the account's currency per unit. */
export const billingRates = pgTable(
  'billing_rates',
  {
    eId: enterpriseId(),
    service: text('service').notNull(),
    unitPriceMicros: bigint('unit_price_micros', { mode: 'number' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eId, t.service] })],
);

/**
 * Every billable event, once: `(e_id, source, source_id)` is unique, and every writer inserts with ON CONFLICT DO
 * NOTHING, so a retried webhook or a replayed turn meters nothing twice. The price is the rate card's at the time.
 */
export const billingEvents = pgTable(
  'billing_events',
  {
    id: id(),
    eId: enterpriseId(),
    service: text('service').notNull(),
    source: text('source').notNull(),
    sourceId: text('source_id').notNull(),
    units: integer('units').notNull().default(1),
    /** False for what the vendor does not charge (its `pricing.billable: false`): counted, not charged. */
    billable: boolean('billable').notNull().default(true),
    unitPriceMicros: bigint('unit_price_micros', { mode: 'number' }).notNull(),
    amountMicros: bigint('amount_micros', { mode: 'number' }).notNull(),
    currencyCode: text('currency_code').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('billing_events_source_key').on(t.eId, t.source, t.sourceId), index('billing_events_e_id_idx').on(t.eId, t.occurredAt)],
);

/**
 * The wallet ledger: credits (recharges) positive, debits (a prepaid account's metered events) negative. `reason_key`
 * is unique per enterprise (`event:<source>:<id>`, `payment:<link id>`), so nothing is applied twice; the balance is
 * the sum.
 */
export const walletEntries = pgTable(
  'wallet_entries',
  {
    id: id(),
    eId: enterpriseId(),
    amountMicros: bigint('amount_micros', { mode: 'number' }).notNull(),
    reasonKey: text('reason_key').notNull(),
    description: text('description').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('wallet_entries_reason_key').on(t.eId, t.reasonKey), index('wallet_entries_e_id_idx').on(t.eId, t.createdAt)],
);

/** A recharge: the payment link made for it and what became of it. Credited once (`credited_at`, `payment:<link>`). */
export const paymentLinks = pgTable(
  'payment_links',
  {
    id: id(),
    eId: enterpriseId(),
    referenceId: text('reference_id').notNull(),
    linkId: text('link_id').notNull(),
    url: text('url').notNull(),
    /** In the currency's smallest unit (paise, cents), as the provider takes it. */
    amountMinor: integer('amount_minor').notNull(),
    currencyCode: text('currency_code').notNull(),
    status: text('status').notNull().default('created'),
    paymentId: text('payment_id'),
    mobileNumber: text('mobile_number'),
    createdBy: uuid('created_by'),
    createdByName: text('created_by_name'),
    createdAt: createdAt(),
    creditedAt: timestamp('credited_at', { withTimezone: true }),
    expireBy: timestamp('expire_by', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payment_links_reference_key').on(t.referenceId),
    uniqueIndex('payment_links_link_key').on(t.linkId),
    index('payment_links_e_id_idx').on(t.eId, t.createdAt),
  ],
);
