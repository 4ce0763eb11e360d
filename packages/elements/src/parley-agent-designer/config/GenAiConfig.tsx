import { ActionButton } from '@adobe/react-spectrum/ActionButton';
import { Button } from '@adobe/react-spectrum/Button';
import { FileTrigger } from '@adobe/react-spectrum/FileTrigger';
import { Switch } from '@adobe/react-spectrum/Switch';
import { TextField } from '@adobe/react-spectrum/TextField';
import { Tooltip, TooltipTrigger } from '@adobe/react-spectrum/Tooltip';
import Add from '@spectrum-icons/workflow/Add';
import Delete from '@spectrum-icons/workflow/Delete';
import Edit from '@spectrum-icons/workflow/Edit';
import UploadToCloud from '@spectrum-icons/workflow/UploadToCloud';
import { useEffect, useRef, useState } from 'react';
import type { Agent } from '@parley/sdk/contract/nlp-agents';
import { DocumentMessages, GenAiMessages, MAX_DOCUMENTS_PER_UPLOAD, type WebsiteCrawlReport } from '@parley/sdk/contract/nlp-genai';
import { useDesigner } from '../designer-context.js';
import { paths } from '../designer-routes.js';
import { asParleyError, messageOf, once, useLoad } from '../../internal/use-call.js';
import { ConfigPage } from './ConfigPage.js';
import { ConfigurationPicker } from './ConfigurationPicker.js';
import { CrawlReport } from './CrawlReport.js';

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

const isPdfFile = (file: File) => /\.pdf$/i.test(file.name) && (!file.type || file.type === 'application/pdf');

interface Pending {
  key: number;
  file: File;
}

type Errors = Partial<Record<'genAiConfigId' | 'website' | 'documents', string>>;

/** Gen AI Configuration (agent-designer 2, 4, 5): the knowledge base from websites and PDF documents. */
export function GenAiConfig({ agent, onSaved }: { agent: Agent; onSaved?: () => void }) {
  const { client, toast, navigate, confirm, canEdit } = useDesigner();
  const loaded = useLoad(() => client.nlpGenai.getGenAiConfig({ id: agent.id }), [agent.id, client], (e) => toast(messageOf(e), 'error'));
  const [configId, setConfigId] = useState('');
  const [kbFromWebsite, setKbFromWebsite] = useState(false);
  const [kbFromDoc, setKbFromDoc] = useState(false);
  const [urls, setUrls] = useState<string[]>([]);
  const [urlInput, setUrlInput] = useState('');
  const [editing, setEditing] = useState<number | null>(null);
  const [urlError, setUrlError] = useState<string | undefined>();
  const [pending, setPending] = useState<Pending[]>([]);
  const [uploaded, setUploaded] = useState<string[]>([]);
  const [uploading, setUploading] = useState<number[] | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const nextKey = useRef(1);
  const [synced, setSynced] = useState(false);
  const [lastCrawl, setLastCrawl] = useState<WebsiteCrawlReport | null>(null);

  useEffect(() => {
    const data = loaded.data;
    if (!data) return;
    setConfigId(data.genAiConfigId ?? '');
    setKbFromWebsite(data.kbFromWebsite);
    setKbFromDoc(data.kbFromDoc);
    setUrls(data.websitesUrls);
    setUploaded(data.documents.map((d) => d.fileName));
    setLastCrawl(data.lastCrawl ?? null);
    setSynced(true);
  }, [loaded.data]);

  // After the first Update, the rules follow the form as it changes (agent-designer 5).
  const check = (state: { configId: string; kbFromWebsite: boolean; kbFromDoc: boolean; urls: string[]; uploaded: string[] }): Errors => {
    const next: Errors = {};
    if (state.kbFromWebsite && state.urls.length === 0) next.website = GenAiMessages.websiteRequired;
    if (state.kbFromDoc && state.uploaded.length === 0) next.documents = GenAiMessages.documentRequired;
    if (!state.configId.trim()) next.genAiConfigId = GenAiMessages.configRequired;
    return next;
  };
  const shown: Errors = submitted ? { ...check({ configId, kbFromWebsite, kbFromDoc, urls, uploaded }), ...errors } : errors;

  // ---- Website URLs ----
  const addUrl = (): string[] | null => {
    const others = editing === null ? urls : urls.filter((_, i) => i !== editing);
    const problem = urlProblem(urlInput, others);
    if (problem) {
      setUrlError(problem);
      return null;
    }
    const value = urlInput.trim();
    const next = editing === null ? [...urls, value] : urls.map((u, i) => (i === editing ? value : u));
    setUrls(next);
    setUrlInput('');
    setEditing(null);
    setUrlError(undefined);
    setErrors((e) => ({ ...e, website: undefined }));
    return next;
  };
  const editUrl = (index: number) => {
    setUrlInput(urls[index] ?? '');
    setEditing(index);
    setUrlError(undefined);
  };
  const removeUrl = async (index: number) => {
    const url = urls[index];
    if (url === undefined) return;
    if (!(await confirm({ title: 'Remove website', message: `Remove ${url} from the knowledge base?`, action: 'Remove' }))) return;
    setUrls((list) => list.filter((u) => u !== url));
    if (editing === index) {
      setEditing(null);
      setUrlInput('');
    } else if (editing !== null && editing > index) setEditing(editing - 1);
    toast(KnowledgeMessages.urlRemoved, 'success');
  };

  // ---- Documents ----
  const choose = (files: FileList | null) => {
    if (!files) return;
    const taken = new Set([...uploaded, ...pending.map((p) => p.file.name)]);
    const added: Pending[] = [];
    for (const file of Array.from(files)) {
      if (!isPdfFile(file)) {
        toast(DocumentMessages.onlyPdf, 'error');
        continue;
      }
      if (taken.has(file.name)) {
        toast(DocumentMessages.duplicate(file.name), 'error');
        continue;
      }
      taken.add(file.name);
      added.push({ key: nextKey.current++, file });
    }
    if (added.length) setPending((list) => [...list, ...added]);
  };
  const removePending = async (item: Pending) => {
    // agent-designer 8: a file already on its way to the server is no longer only pending.
    if (uploading?.includes(item.key)) return toast(KnowledgeMessages.deleteRefused, 'error');
    if (!(await confirm({ title: 'Remove file', message: `Remove "${item.file.name}" from the files to upload?`, action: 'Remove' }))) return;
    setPending((list) => list.filter((p) => p.key !== item.key));
    toast(KnowledgeMessages.fileRemoved, 'success');
  };
  const upload = async (items: Pending[]) => {
    if (!items.length || uploading) return;
    setUploading(items.map((p) => p.key));
    try {
      const stored: string[] = [];
      for (let i = 0; i < items.length; i += MAX_DOCUMENTS_PER_UPLOAD) {
        const batch = items.slice(i, i + MAX_DOCUMENTS_PER_UPLOAD);
        const reply = await once(client.nlpGenai.uploadDocuments({ agentId: agent.id, files: batch.map((p) => p.file) }));
        stored.push(...reply.map((d) => d.fileName));
        const done = new Set(batch.map((p) => p.key));
        setPending((list) => list.filter((p) => !done.has(p.key)));
        setUploaded((list) => [...list, ...reply.map((d) => d.fileName).filter((n) => !list.includes(n))]);
      }
      setErrors((e) => ({ ...e, documents: undefined }));
      toast(DocumentMessages.uploaded, 'success');
    } catch (e) {
      // agent-designer 8: 'File Selection Failed', unless the server said which file and why.
      const error = asParleyError(e);
      toast(error.fieldMessage('files') ?? KnowledgeMessages.uploadFailed, 'error');
    } finally {
      setUploading(null);
    }
  };
  const removeUploaded = async (fileName: string) => {
    if (!(await confirm({ title: 'Delete document', message: `Delete the document "${fileName}"? The agent will no longer answer from it.` }))) return;
    try {
      await once(client.nlpGenai.deleteDocuments({ agentId: agent.id, filenames: [fileName] }));
      setUploaded((list) => list.filter((n) => n !== fileName));
      toast(DocumentMessages.deleted, 'success');
    } catch (e) {
      toast(messageOf(e), 'error');
    }
  };

  // ---- Update ----
  const save = async () => {
    setSubmitted(true);
    setErrors({});
    let list = urls;
    // agent-designer 5: a URL typed but not added is added on save.
    if (kbFromWebsite && urlInput.trim()) {
      const added = addUrl();
      if (!added) return;
      list = added;
    }
    const local = check({ configId, kbFromWebsite, kbFromDoc, urls: list, uploaded });
    if (Object.keys(local).length) return;
    setBusy(true);
    try {
      const saved = await once(
        client.nlpGenai.saveGenAiConfig({ id: agent.id, genAiConfigId: configId, kbFromWebsite, kbFromDoc, websitesUrls: list, documents: [] }),
      );
      setUrls(saved.websitesUrls);
      setUploaded(saved.documents.map((d) => d.fileName));
      setLastCrawl(saved.lastCrawl ?? null);
      setSubmitted(false);
      toast(GenAiMessages.saved, 'success');
      onSaved?.();
    } catch (e) {
      const error = asParleyError(e);
      setErrors({
        genAiConfigId: error.fieldMessage('genAiConfigId'),
        website: error.fieldMessage('websitesUrls') ?? error.fieldMessage('kbFromWebsite'),
        documents: error.fieldMessage('documents'),
      });
      toast(messageOf(e), 'error');
    } finally {
      setBusy(false);
    }
  };

  const readOnly = !canEdit;
  const websiteActive = kbFromWebsite && canEdit;
  const docsActive = kbFromDoc && canEdit;
  return (
    <ConfigPage
      title="Gen AI Configuration"
      onBack={() => navigate(paths.agent(agent.id, 'intents'))}
      onSubmit={canEdit ? () => void save() : undefined}
      busy={busy}
      loading={!synced && !loaded.error}
    >
      <ConfigurationPicker
        agentId={agent.id}
        from="gen-ai"
        label="Configuration"
        isRequired
        value={configId}
        onChange={(id) => {
          setConfigId(id);
          setErrors((e) => ({ ...e, genAiConfigId: undefined }));
        }}
        isDisabled={readOnly}
        error={shown.genAiConfigId}
      />

      <div className="pad-cfg-section">
        <Switch
          isEmphasized
          isSelected={kbFromWebsite}
          isReadOnly={readOnly}
          onChange={(on) => {
            setKbFromWebsite(on);
            setErrors((e) => ({ ...e, website: undefined }));
            if (!on) setUrlError(undefined);
          }}
        >
          Get knowledge base from Website
        </Switch>
        {canEdit && (
          <div className="pad-cfg-row pad-cfg-row-top">
            <TextField
              label="Website Url"
              type="url"
              value={urlInput}
              onChange={(v) => {
                setUrlInput(v);
                setUrlError(undefined);
              }}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  addUrl();
                } else e.continuePropagation();
              }}
              isDisabled={!websiteActive}
              maxLength={2000}
              validationState={urlError ? 'invalid' : undefined}
              errorMessage={urlError}
              UNSAFE_className="pad-cfg-grow"
              width="100%"
            />
            <TooltipTrigger>
              <ActionButton aria-label={editing === null ? 'Add website' : 'Save website'} onPress={() => addUrl()} isDisabled={!websiteActive} UNSAFE_className="pad-cfg-beside-field">
                <Add />
              </ActionButton>
              <Tooltip>{editing === null ? 'Add website' : 'Save website'}</Tooltip>
            </TooltipTrigger>
          </div>
        )}
        {urls.length > 0 && (
          <ul className="pad-cfg-list" aria-label="Websites">
            {urls.map((url, i) => (
              <li key={url} data-editing={editing === i || undefined}>
                <span className="pad-cfg-name" title={url}>{url}</span>
                {canEdit && (
                  <>
                    <ActionButton isQuiet aria-label={`Edit ${url}`} onPress={() => editUrl(i)} isDisabled={!websiteActive}>
                      <Edit />
                    </ActionButton>
                    <ActionButton isQuiet aria-label={`Remove ${url}`} onPress={() => void removeUrl(i)}>
                      <Delete />
                    </ActionButton>
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
        {shown.website && (
          <div className="pad-cfg-error" role="alert">
            {shown.website}
          </div>
        )}
        {kbFromWebsite && lastCrawl && <CrawlReport report={lastCrawl} />}
      </div>

      <div className="pad-cfg-section">
        <Switch
          isEmphasized
          isSelected={kbFromDoc}
          isReadOnly={readOnly}
          onChange={(on) => {
            setKbFromDoc(on);
            setErrors((e) => ({ ...e, documents: undefined }));
            // agent-designer 4: switching the documents off clears the files not yet uploaded.
            if (!on) setPending([]);
          }}
        >
          Get knowledge base from Documents
        </Switch>
        {canEdit && (
          <div className="pad-cfg-row pad-cfg-row-center">
            <FileTrigger acceptedFileTypes={['application/pdf', '.pdf']} allowsMultiple onSelect={choose}>
              <Button variant="secondary" isDisabled={!docsActive}>
                Choose file
              </Button>
            </FileTrigger>
            <span className="pad-cfg-hint">{KnowledgeMessages.pdfHint}</span>
            {pending.length > 1 && (
              <Button variant="primary" marginStart="auto" onPress={() => void upload(pending)} isPending={uploading !== null} isDisabled={!docsActive}>
                Upload all
              </Button>
            )}
          </div>
        )}
        {pending.length > 0 && (
          <ul className="pad-cfg-list" aria-label="Files to upload">
            {pending.map((item) => (
              <li key={item.key}>
                <span className="pad-cfg-name" title={item.file.name}>{item.file.name}</span>
                <span className="pad-cfg-badge" data-state="pending">
                  Pending
                </span>
                <TooltipTrigger>
                  <ActionButton isQuiet aria-label={`Upload ${item.file.name}`} onPress={() => void upload([item])} isDisabled={!docsActive || uploading !== null}>
                    <UploadToCloud />
                  </ActionButton>
                  <Tooltip>Upload</Tooltip>
                </TooltipTrigger>
                <ActionButton isQuiet aria-label={`Remove ${item.file.name}`} onPress={() => void removePending(item)}>
                  <Delete />
                </ActionButton>
              </li>
            ))}
          </ul>
        )}
        {uploaded.length > 0 && (
          <ul className="pad-cfg-list" aria-label="Uploaded documents">
            {uploaded.map((name) => (
              <li key={name}>
                <span className="pad-cfg-name" title={name}>{name}</span>
                <span className="pad-cfg-badge" data-state="uploaded">
                  Uploaded
                </span>
                {canEdit && (
                  <ActionButton isQuiet aria-label={`Remove ${name}`} onPress={() => void removeUploaded(name)}>
                    <Delete />
                  </ActionButton>
                )}
              </li>
            ))}
          </ul>
        )}
        {shown.documents && (
          <div className="pad-cfg-error" role="alert">
            {shown.documents}
          </div>
        )}
      </div>
    </ConfigPage>
  );
}
