import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { formBoolean, jsonText, recordId } from './fields.js';

export const GenAiMessages = {
  websiteRequired: 'Please provide at least one website URL or disable Get knowledge base from Website',
  documentRequired: 'Please provide at least one Document or disable Get knowledge base from Document',
  configRequired: 'Please select any configuration',
  emptyUrl: 'Website Url cannot be empty',
  // Not in the spec (its texts are "not shown"); worded in the same voice.
  invalidUrl: 'Please enter a valid website URL starting with http:// or https://',
  saved: 'Gen AI Configuration Updated Successfully',
} as const;

export const PromptMessages = {
  openaiKeyRequired: 'Open AI Configuration is Mandatory',
  promptRequired: 'Prompt is Mandatory',
  variablesIncomplete: 'Add variables name , description and fill mandatory fields',
  saved: 'Prompt Configuration Updated Successfully',
} as const;

export const DocumentMessages = {
  onlyPdf: 'Only PDF files are accepted',
  duplicate: (name: string) => `File "${name}" is already exist`,
  // Not in the spec; worded in the same voice.
  tooLarge: (name: string, limit: string) => `File "${name}" is larger than the ${limit} limit`,
  tooMany: (max: number) => `Please upload at most ${max} files at a time`,
  unsafeName: 'A file name must not be empty or contain /, \\, .. or control characters',
  noName: 'Please give every file a name',
  nameTooLong: 'A file name can be at most 200 characters (255 bytes)',
  notAFile: 'Please send each document as a file, not as text',
  unexpectedPart: (name: string) => `Unexpected part "${name}": send the agent as agentId and the documents as files`,
  noFiles: 'Please choose at least one PDF file',
  noneToDelete: 'Please choose at least one document to delete',
  notFound: (name: string) => `File "${name}" was not found`,
  uploaded: 'Documents Uploaded Successfully',
  deleted: 'Documents Deleted Successfully',
} as const;

/** agent-designer 9: the only accepted upload type; the server checks the content, not just the name. */
export const PDF_MAGIC = '%PDF-';
export const MAX_DOCUMENTS_PER_UPLOAD = 10;

/**
 * A document name becomes a file name on disk (or an object key): no separators, no parent references, no control
 * characters, and no leading dot (hidden names are the store's own temporaries). File systems cap a name at 255
 * bytes, which 200 accented or emoji characters exceed. Null when the name is safe, else why not.
 */
export function documentNameProblem(name: string): string | null {
  if (!name.trim()) return DocumentMessages.noName;
  if (name.length > 200 || new TextEncoder().encode(name).length > 255) return DocumentMessages.nameTooLong;
  return name.startsWith('.') ||
    /[/\\]/.test(name) ||
    name.includes('..') ||
    // eslint-disable-next-line no-control-regex
    /[\u0000-\u001f\u007f]/.test(name)
    ? DocumentMessages.unsafeName
    : null;
}
export const isSafeDocumentName = (name: string): boolean => documentNameProblem(name) === null;
export const documentName = z.string().superRefine((name, ctx) => {
  const problem = documentNameProblem(name);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** A form sends a list as the key repeated (or once, a plain string); JSON sends an array. */
const formList = <T extends z.ZodType>(list: z.ZodArray<T>) => z.preprocess((v) => (typeof v === 'string' ? [v] : v), list);

const isHttpUrl = (v: string) => {
  try {
    const url = new URL(v);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
};

const websiteUrl = z.string().trim().min(1, { error: GenAiMessages.emptyUrl, abort: true }).max(2000).refine(isHttpUrl, { error: GenAiMessages.invalidUrl });

/** Runs a cross-field rule only once the fields it reads parsed cleanly, and regardless of unrelated fields' errors. */
const whenClean = (...fields: string[]) => ({
  when: (payload: z.core.ParsePayload) => !payload.issues.some((i) => fields.includes(String(i.path?.[0]))),
});

const id = recordId;

const genAiFields = {
  kbFromWebsite: formBoolean.default(false),
  kbFromDoc: formBoolean.default(false),
  genAiConfigId: z.string({ error: GenAiMessages.configRequired }).trim().min(1, { error: GenAiMessages.configRequired }).max(200),
  // Duplicates collapse to the first spelling of the same address.
  websitesUrls: formList(z.array(websiteUrl).max(100))
    .default([])
    .transform((urls) => urls.filter((u, i) => urls.findIndex((x) => new URL(x).href === new URL(u).href) === i)),
  // Sent by the screen as an empty list (spec 7); documents are managed by upload_documents / delete_documents.
  documents: z.unknown().optional(),
};

export const genAiConfigInput = z
  .object({ id, ...genAiFields })
  .superRefine(
    (v, ctx) => {
      if (v.kbFromWebsite && v.websitesUrls.length === 0) ctx.addIssue({ code: 'custom', path: ['websitesUrls'], message: GenAiMessages.websiteRequired });
    },
    whenClean('kbFromWebsite', 'websitesUrls'),
  )
  .transform(({ documents: _ignored, ...rest }) => rest);

/** What the agent's config keeps under `genai`. */
export const storedGenAiConfig = z.object({
  kbFromWebsite: z.boolean().default(false),
  kbFromDoc: z.boolean().default(false),
  genAiConfigId: z.string().nullable().default(null),
  websitesUrls: z.array(z.string()).default([]),
});
export type StoredGenAiConfig = z.infer<typeof storedGenAiConfig>;

export const agentDocument = z.object({ fileName: z.string(), size: z.number(), uploadedOn: z.string() });
export type AgentDocument = z.infer<typeof agentDocument>;

/**
 * What the last Train's website crawl read (issue 38; beyond the spec): pages indexed, each URL skipped with its
 * reason (robots.txt, a refused address, size, content type), and the limit that stopped it, if any.
 */
export const websiteCrawlReport = z.object({
  trainedAt: z.string(),
  pages: z.number(),
  skipped: z.array(z.object({ url: z.string(), reason: z.string() })),
  stopped: z.string().nullable(),
});
export type WebsiteCrawlReport = z.infer<typeof websiteCrawlReport>;

/** `lastCrawl`: absent until a Train with "knowledge base from website" on. */
export const genAiConfig = storedGenAiConfig.extend({ documents: z.array(agentDocument), lastCrawl: websiteCrawlReport.nullable().optional() });
export type GenAiConfig = z.infer<typeof genAiConfig>;

/** An LLM integration configuration as the selectors list it. */
export const llmConfiguration = z.object({ id: z.string(), name: z.string() });

/** agent-designer 2 "Integration form (LLM)" and 5. */
export const LlmConfigurationMessages = {
  nameRequired: 'Configuration name should not be empty',
  apiKeyRequired: 'API Key should not be empty',
  llmRequired: 'LLM Type should not be empty',
  created: 'Configuration Created Successfully',
  duplicate: 'duplication of name ',
  baseUrlInvalid: 'Base URL should be an http or https address',
} as const;

/** agent-designer 9: LLM options 1 (OpenAI) and 2 (GPT); an LLM configuration is saved with authType 5. */
export const LLM_AUTH_TYPE = 5;

/** The integration form's save payload (agent-designer 3): name, authType 5, llm, apikey. */
export const llmConfigurationInput = z.object({
  name: z
    .string({ error: LlmConfigurationMessages.nameRequired })
    .max(120)
    .transform((v) => v.trim().replace(/\s+/g, ' '))
    .refine((v) => v.length > 0, { error: LlmConfigurationMessages.nameRequired }),
  authType: z.coerce
    .number()
    .refine((v) => v === LLM_AUTH_TYPE, { error: `authType must be ${LLM_AUTH_TYPE} (LLM)` })
    .default(LLM_AUTH_TYPE),
  llm: z.coerce.number({ error: LlmConfigurationMessages.llmRequired }).refine((v) => v === 1 || v === 2, { error: LlmConfigurationMessages.llmRequired }),
  apikey: z
    .string({ error: LlmConfigurationMessages.apiKeyRequired })
    .max(500)
    .transform((v) => v.trim())
    .refine((v) => v.length > 0, { error: LlmConfigurationMessages.apiKeyRequired }),
  // Beyond the spec's form (issue 38): any endpoint speaking the OpenAI wire format (Azure OpenAI, Ollama, vLLM,
  // llama.cpp server) and its model names. Empty: OpenAI's own address and DEFAULT_LLM_MODEL.
  baseUrl: z
    .string()
    .trim()
    .max(500)
    .refine((v) => v === '' || /^https?:\/\/[^\s]+$/.test(v), { error: LlmConfigurationMessages.baseUrlInvalid })
    .default(''),
  model: z.string().trim().max(120).default(''),
  embeddingModel: z.string().trim().max(120).default(''),
});

export const DEFAULT_LLM_BASE_URL = 'https://api.openai.com/v1';
export const DEFAULT_LLM_MODEL = 'gpt-4o-mini';

const promptVariable = z.object({
  name: z
    .string()
    .max(100)
    .default('')
    .transform((s) => s.trim()),
  description: z
    .string()
    .max(1000)
    .default('')
    .transform((s) => s.trim()),
});
export type PromptVariable = z.output<typeof promptVariable>;

export const promptConfigInput = z
  .object({
    id,
    openaiKey: z.string({ error: PromptMessages.openaiKeyRequired }).trim().min(1, { error: PromptMessages.openaiKeyRequired }).max(200),
    prompt: z.string({ error: PromptMessages.promptRequired }).trim().min(1, { error: PromptMessages.promptRequired }).max(20_000),
    extractData: formBoolean.default(false),
    userData: jsonText(z.array(promptVariable).max(100)).default([]),
  })
  .superRefine(
    (v, ctx) => {
      if (!v.extractData) return;
      // Collecting data needs something to collect: an empty table is refused with the same message.
      if (v.userData.length === 0) ctx.addIssue({ code: 'custom', path: ['userData'], message: PromptMessages.variablesIncomplete });
      v.userData.forEach((row, i) => {
        if (!row.name || !row.description) ctx.addIssue({ code: 'custom', path: ['userData', i], message: PromptMessages.variablesIncomplete });
      });
    },
    whenClean('extractData', 'userData'),
  )
  // With extractData off the rows are not validated; wholly blank ones are dropped rather than stored.
  .transform((v) => ({ ...v, userData: v.userData.filter((r) => r.name || r.description) }));

export const promptConfig = z.object({
  openaiKey: z.string().default(''),
  prompt: z.string().default(''),
  extractData: z.boolean().default(false),
  userData: z.array(z.object({ name: z.string(), description: z.string() })).default([]),
});
export type PromptConfig = z.infer<typeof promptConfig>;

export const nlpGenaiApi = {
  getGenAiConfig: endpoint({ method: 'GET', path: 'nlp/agent/:id/genai/config', input: z.object({ id }), reply: genAiConfig }),
  saveGenAiConfig: endpoint({ method: 'POST', path: 'nlp/agent/:id/genai/config', input: genAiConfigInput, reply: genAiConfig }),
  llmConfigurations: endpoint({ method: 'GET', path: 'nlp/genai/config', input: z.object({}), reply: z.array(llmConfiguration) }),
  /**
   * Creates an LLM integration configuration for the caller's enterprise; the key is sealed at rest and never read
   * back. `_id` repeats `id` for integrators who follow the spec's admin-service reply (`response._id`).
   */
  saveLlmConfiguration: endpoint({
    method: 'POST',
    path: 'nlp/genai/config',
    input: llmConfigurationInput,
    reply: z.object({ id: z.string(), _id: z.string(), name: z.string() }),
  }),
  getPrompt: endpoint({ method: 'GET', path: 'nlp/agent/:id/prompt', input: z.object({ id }), reply: promptConfig }),
  savePrompt: endpoint({ method: 'POST', path: 'nlp/agent/:id/prompt', input: promptConfigInput, reply: promptConfig }),
  uploadDocuments: endpoint({
    method: 'POST',
    path: 'nlp/agent/upload_documents',
    input: z.object({
      agentId: id,
      files: z.array(z.custom<Blob>((v) => typeof Blob !== 'undefined' && v instanceof Blob)).min(1, { error: DocumentMessages.noFiles }),
    }),
    reply: z.array(z.object({ fileName: z.string() })),
    multipart: true,
  }),
  deleteDocuments: endpoint({
    method: 'POST',
    path: 'nlp/agent/delete_documents',
    input: z.object({
      agentId: id,
      filenames: formList(z.array(documentName, { error: DocumentMessages.noneToDelete }).min(1, { error: DocumentMessages.noneToDelete }).max(100)),
    }),
    reply: z.array(z.object({ fileName: z.string() })),
  }),
} as const;
