import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { CONFIG_SUCCESS_CODE } from '@parley/sdk/contract/nlp-config';
import { DocumentMessages, GenAiMessages, LlmConfigurationMessages, nlpGenaiApi, PromptMessages } from '@parley/sdk/contract/nlp-genai';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { SealedBox } from '../../secrets/sealed-box.js';
import { refuseNulText } from '../../http/nul-text.js';
import { Reply, reply } from '../../http/reply.js';
import { API_PREFIX, authorize, defineRoute, routeTable } from '../../http/route.js';
import { ACCESS } from '@parley/sdk/contract/access';
import type { DocumentStore } from './document-store.js';
import { LlmConfigurationService } from './llm-configurations.js';
import { readUpload, uploadLimits } from './read-upload.js';
import { GenAiService } from './service.js';

const UPLOAD_URL = `${API_PREFIX}/${nlpGenaiApi.uploadDocuments.path}`;
const uploadFields = nlpGenaiApi.uploadDocuments.input.pick({ agentId: true });

/** Gen AI knowledge base, prompt agents and their documents (agent-designer: Gen AI Configuration, Prompt agent). */
export function nlpGenaiRoutes(app: FastifyInstance, db: Db, config: Config, store: DocumentStore, sealed: SealedBox) {
  const service = new GenAiService(db, store);
  const llm = new LlmConfigurationService(db, sealed);

  defineRoute(app, nlpGenaiApi.getGenAiConfig, ACCESS.nlp.read, async (input, { auth }) => service.genAiConfig(auth, input.id));
  defineRoute(app, nlpGenaiApi.saveGenAiConfig, ACCESS.nlp.write, async ({ id, ...genai }, { auth }) => {
    return new Reply(await service.saveGenAiConfig(auth, id, genai), GenAiMessages.saved, undefined, CONFIG_SUCCESS_CODE);
  });
  defineRoute(app, nlpGenaiApi.llmConfigurations, ACCESS.nlp.read, async (_input, { auth }) => llm.list(auth));
  defineRoute(app, nlpGenaiApi.saveLlmConfiguration, ACCESS.nlp.write, async (input, { auth }) =>
    reply(await llm.create(auth, input), LlmConfigurationMessages.created),
  );

  defineRoute(app, nlpGenaiApi.getPrompt, ACCESS.nlp.read, async (input, { auth }) => service.promptConfig(auth, input.id));
  defineRoute(app, nlpGenaiApi.savePrompt, ACCESS.nlp.write, async ({ id, ...prompt }, { auth }) => {
    return new Reply(await service.savePrompt(auth, id, prompt), PromptMessages.saved, undefined, CONFIG_SUCCESS_CODE);
  });

  defineRoute(app, nlpGenaiApi.deleteDocuments, ACCESS.nlp.write, async (input, { auth }) =>
    reply(await service.deleteDocuments(auth, input.agentId, input.filenames), DocumentMessages.deleted),
  );

  // Multipart parsing is registered in a scope of its own so no other route starts accepting multipart bodies.
  routeTable.push({ method: 'POST', url: UPLOAD_URL, access: ACCESS.nlp.write });
  app.register(async (scope) => {
    // preservePath: the name arrives as sent, so a traversal name is refused rather than quietly cut to its basename.
    await scope.register(multipart, { preservePath: true, limits: uploadLimits(config.maxDocumentBytes) });
    scope.post(UPLOAD_URL, async (request, replyTo) => {
      // Before the body is read: a caller without the permission never gets a file parsed.
      const auth = authorize(request, ACCESS.nlp.write)!;
      const { fields, files } = await readUpload(request, config.maxDocumentBytes);
      // Its parts bypass defineRoute, so they get the same NUL check here.
      refuseNulText({ ...fields, files: files.map((f) => f.fileName) });
      const { agentId } = uploadFields.parse(fields);
      const data = await service.upload(auth, agentId, files);
      const r = reply(data, DocumentMessages.uploaded);
      request.replyCode = r.code;
      return replyTo.send({ status: true, code: r.code, message: r.message, data: r.data });
    });
  });
}
