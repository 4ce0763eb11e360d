import { Item, Picker } from '@adobe/react-spectrum/Picker';
import { TextField } from '@adobe/react-spectrum/TextField';
import { ToggleButton } from '@adobe/react-spectrum/ToggleButton';
import { Tooltip, TooltipTrigger } from '@adobe/react-spectrum/Tooltip';
import Visibility from '@spectrum-icons/workflow/Visibility';
import VisibilityOff from '@spectrum-icons/workflow/VisibilityOff';
import { useEffect, useRef, useState } from 'react';
import { useDesigner } from '../designer-context.js';
import { paths, type AgentTab } from '../designer-routes.js';
import { DEFAULT_LLM_BASE_URL, DEFAULT_LLM_MODEL, LLM_AUTH_TYPE, LlmConfigurationMessages, llmConfigurationInput } from '@parley/sdk/contract/nlp-genai';
import { asParleyError, messageOf, once } from '../../internal/use-call.js';
import { ConfigPage } from './ConfigPage.js';

/** agent-designer 9: LLM options 1 (OpenAI) and 2 (GPT). */
const LLM_TYPES = [
  { id: '1', name: 'OpenAI' },
  { id: '2', name: 'GPT' },
] as const;

type Field = 'name' | 'apikey' | 'llm' | 'baseUrl' | 'model' | 'embeddingModel';
const FIELDS: readonly Field[] = ['name', 'apikey', 'llm', 'baseUrl', 'model', 'embeddingModel'];
type Errors = Partial<Record<Field, string>>;

interface Values {
  name: string;
  apikey: string;
  llm: '' | '1' | '2';
  baseUrl: string;
  model: string;
  embeddingModel: string;
}

/** The contract's own rules, so the form and the server refuse the same things with the same words. */
export function validateIntegration(v: Values): Errors {
  const parsed = llmConfigurationInput.safeParse({ ...v, llm: v.llm || undefined });
  const errors: Errors = {};
  for (const issue of parsed.error?.issues ?? []) {
    const field = issue.path[0] as Field;
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * The LLM integration form (agent-designer 2): authType fixed 'LLM', configuration name, API key (shown or hidden)
 * and the LLM; beyond the spec, the base URL and model names of any OpenAI-compatible server. Errors appear only after
 * the first submit. Saved with authType 5; back to the agent tab that opened it.
 */
export function IntegrationForm({ agentId, from = null }: { agentId: string | null; from?: AgentTab | null }) {
  const { client, toast, navigate, navState, canEdit } = useDesigner();
  const [values, setValues] = useState<Values>({ name: '', apikey: '', llm: '', baseUrl: '', model: '', embeddingModel: '' });
  const [showKey, setShowKey] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  // A reply that arrives after the form closed changes nothing.
  const live = useRef(true);
  useEffect(() => () => void (live.current = false), []);

  const set = (key: Field, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setServerErrors((e) => ({ ...e, [key]: undefined }));
  };
  const errors: Errors = { ...(submitted ? validateIntegration(values) : {}), ...Object.fromEntries(Object.entries(serverErrors).filter(([, m]) => m)) };
  // Back to the tab that opened the form (a prompt agent's is not the model configuration), handing back the draft
  // that tab left in the navigation state so its unsaved choices are still there.
  const back = () => navigate(agentId ? paths.agent(agentId, from ?? 'configuration') : paths.agents(), navState);

  const save = async () => {
    setSubmitted(true);
    if (Object.keys(validateIntegration(values)).length || !values.llm) return;
    setBusy(true);
    try {
      await once(
        client.nlpGenai.saveLlmConfiguration({
          name: values.name.trim(),
          authType: LLM_AUTH_TYPE,
          apikey: values.apikey.trim(),
          llm: values.llm === '1' ? 1 : 2,
          baseUrl: values.baseUrl.trim(),
          model: values.model.trim(),
          embeddingModel: values.embeddingModel.trim(),
        }),
      );
      toast(LlmConfigurationMessages.created, 'success');
      back();
    } catch (e) {
      if (!live.current) return;
      const error = asParleyError(e);
      setServerErrors(Object.fromEntries(FIELDS.map((f) => [f, error.fieldMessage(f)])));
      toast(messageOf(e), 'error');
    } finally {
      setBusy(false);
    }
  };

  const readOnly = !canEdit;
  return (
    <ConfigPage title="Create Configuration" onBack={back} onSubmit={canEdit ? () => void save() : undefined} submitLabel="Save" busy={busy}>
      <div className="pad-cfg-grid">
        <TextField label="Auth Type" value="LLM" isReadOnly UNSAFE_className="pad-cfg-greyed" width="100%" />
        <Picker
          label="LLM Type"
          isRequired
          placeholder="Select an LLM"
          items={LLM_TYPES}
          selectedKey={values.llm || null}
          onSelectionChange={(key) => set('llm', key === null ? '' : String(key))}
          isDisabled={readOnly}
          validationState={errors.llm ? 'invalid' : undefined}
          errorMessage={errors.llm}
          width="100%"
        >
          {(item) => <Item key={item.id}>{item.name}</Item>}
        </Picker>
      </div>
      <TextField
        label="Configuration Name"
        isRequired
        value={values.name}
        onChange={(v) => set('name', v)}
        isReadOnly={readOnly}
        maxLength={200}
        validationState={errors.name ? 'invalid' : undefined}
        errorMessage={errors.name}
        width="100%"
        autoFocus={canEdit}
      />
      <div className="pad-cfg-row pad-cfg-row-top">
        <TextField
          label="API Key"
          isRequired
          type={showKey ? 'text' : 'password'}
          value={values.apikey}
          onChange={(v) => set('apikey', v)}
          isReadOnly={readOnly}
          autoComplete="off"
          spellCheck="false"
          maxLength={500}
          validationState={errors.apikey ? 'invalid' : undefined}
          errorMessage={errors.apikey}
          UNSAFE_className="pad-cfg-grow"
          width="100%"
        />
        <TooltipTrigger>
          <ToggleButton aria-label="Show API key" isSelected={showKey} onChange={setShowKey} UNSAFE_className="pad-cfg-beside-field">
            {showKey ? <VisibilityOff /> : <Visibility />}
          </ToggleButton>
          <Tooltip>{showKey ? 'Hide API key' : 'Show API key'}</Tooltip>
        </TooltipTrigger>
      </div>
      {/* Beyond the spec's form (issue 38): where the models are, for any server speaking the OpenAI API. */}
      <TextField
        label="Base URL"
        value={values.baseUrl}
        onChange={(v) => set('baseUrl', v)}
        isReadOnly={readOnly}
        type="url"
        description={`Empty: OpenAI (${DEFAULT_LLM_BASE_URL}). Any server that speaks the OpenAI API works: Azure OpenAI, Ollama, vLLM, llama.cpp.`}
        maxLength={500}
        validationState={errors.baseUrl ? 'invalid' : undefined}
        errorMessage={errors.baseUrl}
        width="100%"
      />
      <div className="pad-cfg-grid">
        <TextField
          label="Chat model"
          value={values.model}
          onChange={(v) => set('model', v)}
          isReadOnly={readOnly}
          description={`Empty: ${DEFAULT_LLM_MODEL}`}
          maxLength={120}
          width="100%"
        />
        <TextField
          label="Embeddings model"
          value={values.embeddingModel}
          onChange={(v) => set('embeddingModel', v)}
          isReadOnly={readOnly}
          description="Optional, e.g. text-embedding-3-small: for Semantic intents and knowledge-base retrieval."
          maxLength={120}
          width="100%"
        />
      </div>
    </ConfigPage>
  );
}
