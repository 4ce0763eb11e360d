import type { z } from 'zod';
import { DocumentMessages, GenAiMessages, type GenAiConfig, type genAiConfigInput } from '@parley/sdk/contract/nlp-genai';

/** agent-designer 8: local notices of the knowledge-base lists. */
export const KnowledgeMessages = {
  urlRemoved: 'Url has been removed',
  fileRemoved: 'File has been removed',
  deleteRefused: 'Delete action cannot be done',
  uploadFailed: 'File Selection Failed',
  pdfHint: '*Accepts only pdf file',
  // Not in the spec; worded in the same voice.
  duplicateUrl: 'Website Url is already added',
} as const;

/** The Gen AI Configuration form (agent-designer 2, 4, 5) as the user has it: what is saved, plus the URL being typed. */
export interface GenAiForm {
  configId: string;
  kbFromWebsite: boolean;
  kbFromDoc: boolean;
  urls: string[];
  /** The Website Url field, and which listed URL it edits (null: it adds a new one). */
  urlInput: string;
  editing: number | null;
  urlError?: string;
  /** Documents already on the server: the rule "at least one Document" counts only these. */
  uploaded: string[];
}

export type GenAiErrors = Partial<Record<'genAiConfigId' | 'website' | 'documents', string>>;
export type GenAiSaveRequest = z.input<typeof genAiConfigInput>;

export const emptyGenAiForm: GenAiForm = { configId: '', kbFromWebsite: false, kbFromDoc: false, urls: [], urlInput: '', editing: null, uploaded: [] };

/** The form as the server has it: a fresh load or the reply of a save. */
export function genAiFormFrom(saved: GenAiConfig): GenAiForm {
  return {
    ...emptyGenAiForm,
    configId: saved.genAiConfigId ?? '',
    kbFromWebsite: saved.kbFromWebsite,
    kbFromDoc: saved.kbFromDoc,
    urls: saved.websitesUrls,
    uploaded: saved.documents.map((d) => d.fileName),
  };
}

/** agent-designer 5: a configuration; with a source on, at least one website or one uploaded document. */
export function validateGenAi(form: GenAiForm): GenAiErrors {
  const errors: GenAiErrors = {};
  if (form.kbFromWebsite && form.urls.length === 0) errors.website = GenAiMessages.websiteRequired;
  if (form.kbFromDoc && form.uploaded.length === 0) errors.documents = GenAiMessages.documentRequired;
  if (!form.configId.trim()) errors.genAiConfigId = GenAiMessages.configRequired;
  return errors;
}

const isHttpUrl = (v: string) => {
  try {
    const url = new URL(v);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
};
const sameUrl = (a: string, b: string) => {
  try {
    return new URL(a).href === new URL(b).href;
  } catch {
    return a === b;
  }
};

/** Why a typed URL cannot join the list, else null. */
export function urlProblem(url: string, list: string[]): string | null {
  const value = url.trim();
  if (!value) return GenAiMessages.emptyUrl;
  if (!isHttpUrl(value)) return GenAiMessages.invalidUrl;
  if (list.some((u) => sameUrl(u, value))) return KnowledgeMessages.duplicateUrl;
  return null;
}

/** The typed URL added to the list (or put in place of the one being edited), or the form with the reason it cannot be. */
export function commitUrl(form: GenAiForm): { form: GenAiForm; added: boolean } {
  const others = form.editing === null ? form.urls : form.urls.filter((_, i) => i !== form.editing);
  const problem = urlProblem(form.urlInput, others);
  if (problem) return { form: { ...form, urlError: problem }, added: false };
  const value = form.urlInput.trim();
  const urls = form.editing === null ? [...form.urls, value] : form.urls.map((u, i) => (i === form.editing ? value : u));
  return { form: { ...form, urls, urlInput: '', editing: null, urlError: undefined }, added: true };
}

/** A listed URL back in the field, to be changed and saved in its place. */
export function editUrl(form: GenAiForm, index: number): GenAiForm {
  return { ...form, urlInput: form.urls[index] ?? '', editing: index, urlError: undefined };
}

/** The URL at `index` gone; the one being edited keeps its place, or the field empties if it was this one. */
export function removeUrl(form: GenAiForm, index: number): GenAiForm {
  const urls = form.urls.filter((_, i) => i !== index);
  if (form.editing === index) return { ...form, urls, editing: null, urlInput: '' };
  const editing = form.editing !== null && form.editing > index ? form.editing - 1 : form.editing;
  return { ...form, urls, editing };
}

/**
 * What Update sends, or why it cannot: agent-designer 5 adds a URL typed but not added, then checks the rules.
 * Documents travel by their own upload and delete calls; the spec sends an empty list here.
 */
export function prepareSave(form: GenAiForm, agentId: string): { form: GenAiForm; errors: GenAiErrors; request: GenAiSaveRequest | null } {
  let next = form;
  if (form.kbFromWebsite && form.urlInput.trim()) {
    const committed = commitUrl(form);
    if (!committed.added) return { form: committed.form, errors: {}, request: null };
    next = committed.form;
  }
  const errors = validateGenAi(next);
  if (Object.keys(errors).length) return { form: next, errors, request: null };
  const request = {
    id: agentId,
    genAiConfigId: next.configId,
    kbFromWebsite: next.kbFromWebsite,
    kbFromDoc: next.kbFromDoc,
    websitesUrls: next.urls,
    documents: [],
  };
  return { form: next, errors, request };
}

const isPdfFile = (file: { name: string; type: string }) => /\.pdf$/i.test(file.name) && (!file.type || file.type === 'application/pdf');

/** The chosen files that may wait for upload, and a notice for each refused one (not a PDF, or a name already taken). */
export function acceptPdfs<F extends { name: string; type: string }>(files: F[], taken: Iterable<string>): { accepted: F[]; refusals: string[] } {
  const names = new Set(taken);
  const accepted: F[] = [];
  const refusals: string[] = [];
  for (const file of files) {
    if (!isPdfFile(file)) refusals.push(DocumentMessages.onlyPdf);
    else if (names.has(file.name)) refusals.push(DocumentMessages.duplicate(file.name));
    else {
      names.add(file.name);
      accepted.push(file);
    }
  }
  return { accepted, refusals };
}
