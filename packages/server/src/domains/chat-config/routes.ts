import type { FastifyInstance } from 'fastify';
import { ACCESS } from '@parley/sdk/contract/access';
import { ChatConfigMessages, chatConfigApi } from '@parley/sdk/contract/chat-config';
import type { Db } from '../../db/database.js';
import { reply } from '../../http/reply.js';
import { defineRoute } from '../../http/route.js';
import { ChatLabels } from './labels.js';
import { ChatSettings } from './settings.js';

/** Configuration → Chat Config (`e/chat/config`, CHAT.CHAT_CONFIG); agents also read the labels they tag chats with. */
export function chatConfigRoutes(app: FastifyInstance, db: Db) {
  const settings = new ChatSettings(db);
  const labels = new ChatLabels(db);
  const EDIT = ACCESS.chatConfig.edit;
  defineRoute(app, chatConfigApi.get, EDIT, async (_input, { auth }) => settings.get(auth));
  defineRoute(app, chatConfigApi.update, EDIT, async ({ customChatSelection }, { auth }) =>
    reply(await settings.update(auth, customChatSelection), ChatConfigMessages.saved),
  );
  defineRoute(app, chatConfigApi.updateDepartment, EDIT, async ({ deptId, ...input }, { auth }) =>
    reply(await settings.updateDepartment(auth, deptId, input), ChatConfigMessages.saved),
  );
  defineRoute(app, chatConfigApi.labels, ACCESS.chatConfig.labels, async ({ deptId }, { auth }) => labels.list(auth, deptId));
  defineRoute(app, chatConfigApi.label, ACCESS.chatConfig.labels, async ({ labelId }, { auth }) => labels.get(auth, labelId));
  defineRoute(app, chatConfigApi.createLabel, EDIT, async (input, { auth }) => reply(await labels.create(auth, input), ChatConfigMessages.labelSaved));
  defineRoute(app, chatConfigApi.updateLabel, EDIT, async ({ labelId, ...input }, { auth }) =>
    reply(await labels.update(auth, labelId, input), ChatConfigMessages.labelSaved),
  );
  defineRoute(app, chatConfigApi.deleteLabel, EDIT, async ({ labelId }, { auth }) => {
    await labels.delete(auth, labelId);
    return reply(null, ChatConfigMessages.labelDeleted);
  });
  defineRoute(app, chatConfigApi.orderLabels, EDIT, async ({ deptId, labelIds }, { auth }) =>
    reply(await labels.order(auth, deptId, labelIds), ChatConfigMessages.labelsOrdered),
  );
}
