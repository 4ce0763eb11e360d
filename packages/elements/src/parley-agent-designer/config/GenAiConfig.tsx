import { useEffect, useState } from 'react';
import type { Agent } from '@parley/sdk/contract/nlp-agents';
import { GenAiMessages, type WebsiteCrawlReport } from '@parley/sdk/contract/nlp-genai';
import { useDesigner } from '../designer-context.js';
import { paths } from '../designer-routes.js';
import { asParleyError, messageOf, once, useLoad } from '../../internal/use-call.js';
import { ConfigPage } from './ConfigPage.js';
import { ConfigurationPicker } from './ConfigurationPicker.js';
import { DocumentSection } from './DocumentSection.js';
import {
  KnowledgeMessages,
  commitUrl,
  editUrl,
  emptyGenAiForm,
  genAiFormFrom,
  prepareSave,
  removeUrl,
  validateGenAi,
  type GenAiErrors,
  type GenAiForm,
} from './gen-ai-form-model.js';
import { WebsiteSection } from './WebsiteSection.js';

/** Gen AI Configuration (agent-designer 2, 4, 5): the knowledge base from websites and PDF documents. */
export function GenAiConfig({ agent, onSaved }: { agent: Agent; onSaved?: () => void }) {
  const { client, toast, navigate, confirm, canEdit } = useDesigner();
  const loaded = useLoad(
    () => client.nlpGenai.getGenAiConfig({ id: agent.id }),
    [agent.id, client],
    (e) => toast(messageOf(e), 'error'),
  );
  const [form, setForm] = useState<GenAiForm>(emptyGenAiForm);
  const [lastCrawl, setLastCrawl] = useState<WebsiteCrawlReport | null>(null);
  const [synced, setSynced] = useState(false);
  /** Set by the first Update: from then on the rules follow the form as it changes (agent-designer 5). */
  const [submitted, setSubmitted] = useState(false);
  /** The server's refusals, each until its field changes. */
  const [serverErrors, setServerErrors] = useState<GenAiErrors>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!loaded.data) return;
    setForm(genAiFormFrom(loaded.data));
    setLastCrawl(loaded.data.lastCrawl ?? null);
    setSynced(true);
  }, [loaded.data]);

  const shown: GenAiErrors = submitted ? { ...validateGenAi(form), ...serverErrors } : serverErrors;
  const change = (patch: Partial<GenAiForm>, clears?: keyof GenAiErrors) => {
    setForm((f) => ({ ...f, ...patch }));
    if (clears) setServerErrors((e) => ({ ...e, [clears]: undefined }));
  };
  const commit = () => {
    const { form: next, added } = commitUrl(form);
    setForm(next);
    if (added) setServerErrors((e) => ({ ...e, website: undefined }));
  };
  const remove = async (index: number) => {
    const url = form.urls[index];
    if (url === undefined) return;
    if (!(await confirm({ title: 'Remove website', message: `Remove ${url} from the knowledge base?`, action: 'Remove' }))) return;
    setForm((f) => removeUrl(f, f.urls.indexOf(url)));
    toast(KnowledgeMessages.urlRemoved, 'success');
  };

  const save = async () => {
    setSubmitted(true);
    setServerErrors({});
    const prepared = prepareSave(form, agent.id);
    setForm(prepared.form);
    if (!prepared.request) return;
    setBusy(true);
    try {
      const saved = await once(client.nlpGenai.saveGenAiConfig(prepared.request));
      setForm(genAiFormFrom(saved));
      setLastCrawl(saved.lastCrawl ?? null);
      setSubmitted(false);
      toast(GenAiMessages.saved, 'success');
      onSaved?.();
    } catch (e) {
      const error = asParleyError(e);
      setServerErrors({
        genAiConfigId: error.fieldMessage('genAiConfigId'),
        website: error.fieldMessage('websitesUrls') ?? error.fieldMessage('kbFromWebsite'),
        documents: error.fieldMessage('documents'),
      });
      toast(messageOf(e), 'error');
    } finally {
      setBusy(false);
    }
  };

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
        value={form.configId}
        onChange={(configId) => change({ configId }, 'genAiConfigId')}
        isDisabled={!canEdit}
        error={shown.genAiConfigId}
      />
      <WebsiteSection
        form={form}
        canEdit={canEdit}
        error={shown.website}
        lastCrawl={lastCrawl}
        onToggle={(on) => change(on ? { kbFromWebsite: on } : { kbFromWebsite: on, urlError: undefined }, 'website')}
        onType={(urlInput) => change({ urlInput, urlError: undefined })}
        onCommit={commit}
        onEdit={(index) => setForm((f) => editUrl(f, index))}
        onRemove={(index) => void remove(index)}
      />
      <DocumentSection
        agentId={agent.id}
        on={form.kbFromDoc}
        uploaded={form.uploaded}
        error={shown.documents}
        onToggle={(kbFromDoc) => change({ kbFromDoc }, 'documents')}
        onUploaded={(names) => {
          setForm((f) => ({ ...f, uploaded: [...f.uploaded, ...names.filter((n) => !f.uploaded.includes(n))] }));
          setServerErrors((e) => ({ ...e, documents: undefined }));
        }}
        onDeleted={(name) => setForm((f) => ({ ...f, uploaded: f.uploaded.filter((n) => n !== name) }))}
      />
    </ConfigPage>
  );
}
