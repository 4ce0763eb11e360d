/**
 * The contract's endpoints without their zod schemas: method, path and the encoding and effect hints the transport
 * needs to send a call. A page that must not load zod (the console's sign-in) binds these with `bindApi`; the types
 * still come from the contract. `routes.test.ts` checks every table against its contract group, entry by entry.
 */
import type { accountApi } from './account.js';
import type { profileApi, twoFactorApi } from './profile.js';
import type { enterpriseApi } from './enterprise.js';
import type { platformApi } from './platform.js';
import type { usersApi } from './users.js';
import type { invitationsApi } from './invitations.js';
import type { rolesApi } from './roles.js';
import type { embedKeysApi } from './embed-keys.js';
import type { nlpAgentsApi } from './nlp-agents.js';
import type { nlpIntentsApi } from './nlp-intents.js';
import type { nlpEntitiesApi } from './nlp-entities.js';
import type { nlpConfigApi } from './nlp-config.js';
import type { nlpGenaiApi } from './nlp-genai.js';
import type { nlpRuntimeApi } from './nlp-runtime.js';
import type { nlpReportsApi } from './nlp-reports.js';
import type { customerDefinitionsApi } from './customer-definitions.js';
import type { customersApi } from './customers.js';
import type { channelsApi } from './channels.js';
import type { templatesApi } from './templates.js';
import type { artifactsApi } from './artifacts.js';
import type { broadcastsApi } from './broadcasts.js';
import type { chatsApi } from './chats.js';
import type { reportsApi } from './reports.js';
import type { chatAnalyticsApi } from './chat-analytics.js';
import type { trashApi } from './trash.js';
import type { billingApi } from './billing.js';
import type { RoutesOf } from '../transport.js';

export const accountRoutes: RoutesOf<typeof accountApi> = {
  captcha: { method: 'GET', path: 'account/captcha/generate' },
  login: { method: 'POST', path: 'account/enterprise/login/twoFactorAuth' },
  verifyCode: { method: 'POST', path: 'account/enterprise/login/twoFactorAuth/verifyCode' },
  resendAuthMail: { method: 'POST', path: 'account/enterprise/login/twoFactorAuth/resendAuthMail' },
  oauthValidate: { method: 'POST', path: 'account/enterprise/oauth_validate' },
  oauthCallback: { method: 'POST', path: 'account/enterprise/oauth_callback' },
  ssoRedirectCallback: { method: 'POST', path: 'account/enterprise/sso_redirect_callback' },
  logout: { method: 'GET', path: 'account/logout', effect: 'write' },
  signup: { method: 'POST', path: 'account/enterprise/signup' },
  isEmailUnique: { method: 'GET', path: 'account/enterprise/isEmailUnique' },
  resendActivation: { method: 'PUT', path: 'account/enterprise/resend' },
  activate: { method: 'POST', path: 'account/enterprise/activate' },
  recover: { method: 'POST', path: 'account/enterprise/recover' },
  changePassword: { method: 'POST', path: 'account/enterprise/changepassword' },
  resetPassword: { method: 'PUT', path: 'account/enterprise/resetPassword' },
};

export const profileRoutes: RoutesOf<typeof profileApi> = {
  get: { method: 'GET', path: 'e/enterprise/profile/' },
  me: { method: 'GET', path: 'e/enterprise/users/me' },
  update: { method: 'PUT', path: 'e/enterprise/profile' },
  updateUser: { method: 'PUT', path: 'e/enterprise/users/update' },
  changePassword: { method: 'PUT', path: 'e/enterprise/change_password' },
  audio: { method: 'PUT', path: 'e/enterprise/profile/audio' },
  picture: { method: 'PUT', path: 'e/enterprise/profile/picture' },
  removePicture: { method: 'DELETE', path: 'e/enterprise/profile/picture' },
  sessions: { method: 'GET', path: 'e/enterprise/profile/sessions' },
  endOtherSessions: { method: 'POST', path: 'e/enterprise/profile/sessions/end_others' },
  roleConfig: { method: 'GET', path: 'e/enterprise/roles/permissions' },
};

export const enterpriseRoutes: RoutesOf<typeof enterpriseApi> = {
  details: { method: 'GET', path: 'e/enterprise/details' },
  update: { method: 'PUT', path: 'e/enterprise/details' },
  logo: { method: 'PUT', path: 'e/enterprise/details/logo' },
  removeLogo: { method: 'DELETE', path: 'e/enterprise/details/logo' },
  countryCodes: { method: 'GET', path: 'e/enterprise/countrycodes' },
};

export const twoFactorRoutes: RoutesOf<typeof twoFactorApi> = {
  setEmail: { method: 'PUT', path: 'e/enterprise/users/twoFactorAuth' },
  enrolTotp: { method: 'PUT', path: 'e/enterprise/users/twoFactorAuth/totp' },
  verifyTotp: { method: 'POST', path: 'e/enterprise/users/twoFactorAuth/totp/verify' },
  recoveryCodes: { method: 'GET', path: 'e/enterprise/users/twoFactorAuth/recovery', effect: 'write' },
  recoveryCodesByPost: { method: 'POST', path: 'e/enterprise/users/twoFactorAuth/recovery' },
  disable: { method: 'PUT', path: 'e/enterprise/users/twoFactorAuth/recovery/disable' },
};

export const platformRoutes: RoutesOf<typeof platformApi> = {
  health: { method: 'GET', path: 'health' },
  appConfig: { method: 'GET', path: 'app/config' },
  mailbox: { method: 'GET', path: 'dev/mailbox' },
  auditTrail: { method: 'GET', path: 'e/enterprise/audit_trail' },
  auditUsers: { method: 'GET', path: 'e/enterprise/audit_trail/users' },
  demoJob: { method: 'POST', path: 'e/enterprise/jobs/demo' },
};

export const reportsRoutes: RoutesOf<typeof reportsApi> = {
  messages: { method: 'GET', path: 'chatbird/api/reports/messages/status' },
  messageStatus: { method: 'GET', path: 'chatbird/api/reports/messages/status/:id' },
};

export const usersRoutes: RoutesOf<typeof usersApi> = {
  list: { method: 'GET', path: 'e/enterprise/users' },
  get: { method: 'GET', path: 'e/enterprise/users/:id' },
  add: { method: 'POST', path: 'e/enterprise/users' },
  updateRoles: { method: 'PUT', path: 'e/enterprise/users/:id/update_roles' },
  resetPassword: { method: 'PUT', path: 'e/enterprise/users/:id/reset_password' },
  deactivate: { method: 'DELETE', path: 'e/enterprise/users/:id' },
  activate: { method: 'POST', path: 'e/enterprise/users/:id/activate' },
};

export const invitationsRoutes: RoutesOf<typeof invitationsApi> = {
  send: { method: 'POST', path: 'e/enterprise/invitations' },
  list: { method: 'GET', path: 'e/enterprise/invitations' },
  resend: { method: 'POST', path: 'e/enterprise/invitations/:id/resend' },
  revoke: { method: 'DELETE', path: 'e/enterprise/invitations/:id' },
  preview: { method: 'GET', path: 'account/enterprise/invitations/:id' },
  accept: { method: 'POST', path: 'account/enterprise/users/:id' },
};

export const rolesRoutes: RoutesOf<typeof rolesApi> = {
  list: { method: 'GET', path: 'e/enterprise/roles' },
  get: { method: 'GET', path: 'e/enterprise/roles/:id' },
  create: { method: 'POST', path: 'e/enterprise/roles' },
  update: { method: 'PUT', path: 'e/enterprise/roles/:id' },
  delete: { method: 'DELETE', path: 'e/enterprise/roles/:id' },
};

export const embedKeysRoutes: RoutesOf<typeof embedKeysApi> = {
  create: { method: 'POST', path: 'e/enterprise/embed-keys' },
  list: { method: 'GET', path: 'e/enterprise/embed-keys' },
  revoke: { method: 'DELETE', path: 'e/enterprise/embed-keys/:id' },
};

export const nlpAgentsRoutes: RoutesOf<typeof nlpAgentsApi> = {
  save: { method: 'POST', path: 'nlp/agent' },
  list: { method: 'GET', path: 'nlp/v2/agent' },
  get: { method: 'GET', path: 'nlp/agent/:id' },
  delete: { method: 'DELETE', path: 'nlp/agent/:id' },
  saveStory: { method: 'POST', path: 'nlp/story' },
  stories: { method: 'GET', path: 'nlp/agent/:id/story' },
  deleteStory: { method: 'DELETE', path: 'nlp/agent/:id/story/:storyId' },
};

export const nlpIntentsRoutes: RoutesOf<typeof nlpIntentsApi> = {
  save: { method: 'POST', path: 'nlp/intent' },
  list: { method: 'GET', path: 'nlp/v2/agent/:agentId/story/:storyId/intent' },
  get: { method: 'GET', path: 'nlp/agent/:agentId/story/:storyId/intent/:intentId' },
  delete: { method: 'DELETE', path: 'nlp/agent/:agentId/story/:storyId/intent/:intentId' },
};

export const nlpEntitiesRoutes: RoutesOf<typeof nlpEntitiesApi> = {
  list: { method: 'GET', path: 'nlp/agent/:id/entity' },
  get: { method: 'GET', path: 'nlp/agent/:id/entity/:entityId' },
  save: { method: 'POST', path: 'nlp/entity' },
  delete: { method: 'DELETE', path: 'nlp/agent/:id/entity/:entityId' },
};

export const nlpConfigRoutes: RoutesOf<typeof nlpConfigApi> = {
  get: { method: 'GET', path: 'nlp/agent/:id/config' },
  update: { method: 'POST', path: 'nlp/agent/:id/config' },
};

export const nlpGenaiRoutes: RoutesOf<typeof nlpGenaiApi> = {
  getGenAiConfig: { method: 'GET', path: 'nlp/agent/:id/genai/config' },
  saveGenAiConfig: { method: 'POST', path: 'nlp/agent/:id/genai/config' },
  llmConfigurations: { method: 'GET', path: 'nlp/genai/config' },
  saveLlmConfiguration: { method: 'POST', path: 'nlp/genai/config' },
  getPrompt: { method: 'GET', path: 'nlp/agent/:id/prompt' },
  savePrompt: { method: 'POST', path: 'nlp/agent/:id/prompt' },
  uploadDocuments: { method: 'POST', path: 'nlp/agent/upload_documents', multipart: true },
  deleteDocuments: { method: 'POST', path: 'nlp/agent/delete_documents' },
};

export const nlpRuntimeRoutes: RoutesOf<typeof nlpRuntimeApi> = {
  train: { method: 'GET', path: 'nlp/agent/:id/train', effect: 'write' },
  training: { method: 'GET', path: 'nlp/agent/:id/training' },
  predictIntent: { method: 'POST', path: 'nlp/predictIntent', effect: 'read' },
  paraphrase: { method: 'POST', path: 'nlp/paraphrase', effect: 'read' },
};

export const nlpReportsRoutes: RoutesOf<typeof nlpReportsApi> = {
  conversationsReport: { method: 'POST', path: 'nlp/conversationsReport', effect: 'read' },
  graphReport: { method: 'POST', path: 'nlp/graphReport', effect: 'read' },
  graphReportGet: { method: 'GET', path: 'nlp/graphReport' },
  topIntent: { method: 'POST', path: 'nlp/topIntent', effect: 'read' },
  conversations: { method: 'POST', path: 'nlp/conversations', effect: 'read' },
};

export const customerDefinitionsRoutes: RoutesOf<typeof customerDefinitionsApi> = {
  list: { method: 'GET', path: 'customer/definitions' },
  get: { method: 'GET', path: 'customer/definitions/:id' },
  save: { method: 'POST', path: 'customer/definition' },
  reorder: { method: 'POST', path: 'customer/definition/reorder' },
  delete: { method: 'DELETE', path: 'customer/definitions/:id' },
};

export const customersRoutes: RoutesOf<typeof customersApi> = {
  list: { method: 'GET', path: 'customer/customers' },
  count: { method: 'GET', path: 'customer/customers/count' },
  get: { method: 'GET', path: 'customer/customers/:id' },
  save: { method: 'POST', path: 'customer/customer' },
  delete: { method: 'DELETE', path: 'customer/customers/:id' },
  tags: { method: 'GET', path: 'customer/tags' },
  groups: { method: 'GET', path: 'customer/groups' },
  createTag: { method: 'POST', path: 'customer/tag' },
  createGroup: { method: 'POST', path: 'customer/group' },
  mapTags: { method: 'POST', path: 'customer/tags/map' },
  mapGroups: { method: 'POST', path: 'customer/groups/map' },
  uploads: { method: 'GET', path: 'customer/uploads' },
  getUpload: { method: 'GET', path: 'customer/uploads/:uploadId' },
  upload: { method: 'POST', path: 'customer/upload', multipart: true },
  uploadDelimiter: { method: 'POST', path: 'customer/upload/delimiter' },
  startUpload: { method: 'POST', path: 'customer/upload/mapping' },
  errors: { method: 'GET', path: 'customer/uploads/:entryId/errors' },
};

export const channelsRoutes: RoutesOf<typeof channelsApi> = {
  list: { method: 'GET', path: 'e/enterprise/channels' },
  get: { method: 'GET', path: 'e/enterprise/channels/:channelId/details' },
  create: { method: 'POST', path: 'e/enterprise/channels' },
  update: { method: 'PUT', path: 'e/enterprise/channels/:channelId' },
  delete: { method: 'DELETE', path: 'e/enterprise/channels/:channelId' },
};

export const templatesRoutes: RoutesOf<typeof templatesApi> = {
  list: { method: 'GET', path: 'chatbird/api/templates' },
  get: { method: 'GET', path: 'chatbird/api/templates/:id' },
  create: { method: 'POST', path: 'chatbird/api/templates' },
  delete: { method: 'DELETE', path: 'chatbird/api/templates/:id' },
  sync: { method: 'POST', path: 'chatbird/api/templates/sync' },
  variables: { method: 'GET', path: 'chatbird/api/templates/variables' },
};

export const artifactsRoutes: RoutesOf<typeof artifactsApi> = {
  list: { method: 'GET', path: 'e/enterprise/artifacts' },
  get: { method: 'GET', path: 'e/enterprise/artifacts/:id' },
  create: { method: 'POST', path: 'e/enterprise/artifacts' },
  update: { method: 'PUT', path: 'e/enterprise/artifacts/:id' },
  delete: { method: 'DELETE', path: 'e/enterprise/artifacts/:id' },
  upload: { method: 'POST', path: 'e/drive/upload', multipart: true },
  buckets: { method: 'GET', path: 'e/enterprise/buckets' },
  createBucket: { method: 'POST', path: 'e/enterprise/buckets' },
  editBucket: { method: 'PUT', path: 'e/enterprise/buckets/:bucketId' },
  deleteBucket: { method: 'DELETE', path: 'e/enterprise/buckets/:bucketId' },
  moveToBucket: { method: 'POST', path: 'e/enterprise/buckets/:bucketId/move' },
  removeFromBucket: { method: 'POST', path: 'e/enterprise/buckets/:bucketId/remove' },
  validateMedia: { method: 'POST', path: 'chatbird/api/media/validate' },
};

export const broadcastsRoutes: RoutesOf<typeof broadcastsApi> = {
  list: { method: 'GET', path: 'chatbird/api/broadcast' },
  send: { method: 'POST', path: 'chatbird/api/broadcast' },
  get: { method: 'GET', path: 'chatbird/api/broadcast/:id' },
  messages: { method: 'GET', path: 'chatbird/api/broadcast/:id/message' },
  messageStatus: { method: 'GET', path: 'chatbird/api/broadcast/:id/message/:messageId' },
  expression: { method: 'POST', path: 'chatbird/api/broadcast/expression', effect: 'read' },
};

export const chatsRoutes: RoutesOf<typeof chatsApi> = {
  summary: { method: 'GET', path: 'e/enterprise/chat/summary' },
  get: { method: 'GET', path: 'e/enterprise/chat/:id' },
  history: { method: 'GET', path: 'e/enterprise/chat/history' },
  close: { method: 'POST', path: 'e/enterprise/chat/:id/close' },
  suspend: { method: 'POST', path: 'e/enterprise/chat/:id/suspend' },
  resume: { method: 'POST', path: 'e/enterprise/chat/:id/resume' },
  pin: { method: 'POST', path: 'e/enterprise/chat/:id/pin' },
  unpin: { method: 'POST', path: 'e/enterprise/chat/:id/unpin' },
  updateTag: { method: 'PUT', path: 'e/enterprise/chat/:id/update_tag' },
  pickup: { method: 'POST', path: 'e/enterprise/chat/:id/pickup' },
  decline: { method: 'POST', path: 'e/enterprise/chat/:id/decline' },
  reply: { method: 'POST', path: 'e/enterprise/chat/:id/reply' },
  transfer: { method: 'POST', path: 'e/enterprise/chat/:id/transfer' },
  invite: { method: 'POST', path: 'e/enterprise/chat/:id/invite' },
  assign: { method: 'POST', path: 'e/enterprise/chat/:id/assign' },
  leave: { method: 'POST', path: 'e/enterprise/chat/:id/leave' },
  read: { method: 'POST', path: 'e/enterprise/chat/:id/read' },
  count: { method: 'GET', path: 'e/enterprise/chat_count' },
  notifications: { method: 'GET', path: 'e/enterprise/chatUserDetails' },
  agentStatus: { method: 'GET', path: 'e/enterprise/get_agent_status' },
  updateAgentStatus: { method: 'PUT', path: 'e/enterprise/update_agent_status' },
  agents: { method: 'GET', path: 'e/enterprise/agents' },
  customerDetails: { method: 'PUT', path: 'e/enterprise/get_custom_customer_details', effect: 'read' },
  sendTranscript: { method: 'POST', path: 'chatbird/api/chat/sendtranscript' },
};

export const chatAnalyticsRoutes: RoutesOf<typeof chatAnalyticsApi> = {
  dashboardInfo: { method: 'GET', path: 'e/enterprise/chat/dashboard_info' },
  analytics: { method: 'GET', path: 'e/enterprise/chat/analytics' },
};

export const trashRoutes: RoutesOf<typeof trashApi> = {
  list: { method: 'GET', path: 'e/enterprise/trash' },
  restore: { method: 'POST', path: 'e/enterprise/trash/:id/restore' },
  deleteForever: { method: 'DELETE', path: 'e/enterprise/trash/:id' },
};

export const billingRoutes: RoutesOf<typeof billingApi> = {
  callApi: { method: 'POST', path: 'e/enterprise/billing/call-api' },
  rateCard: { method: 'GET', path: 'e/enterprise/billing/rate_card' },
  recharge: { method: 'POST', path: 'e/enterprise/billing/recharges' },
  recharges: { method: 'GET', path: 'e/enterprise/billing/recharges' },
  invoices: { method: 'GET', path: 'e/enterprise/billing/invoices' },
  ledger: { method: 'GET', path: 'e/enterprise/billing/ledger' },
  estimate: { method: 'POST', path: 'chatbird/api/broadcast/estimate', effect: 'read' },
};
