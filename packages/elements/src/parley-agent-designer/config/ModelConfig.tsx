import { NumberField } from '@adobe/react-spectrum/NumberField';
import { Item, Picker } from '@adobe/react-spectrum/Picker';
import { TextArea } from '@adobe/react-spectrum/TextArea';
import { useEffect, useRef, useState } from 'react';
import type { Agent } from '@parley/sdk/contract/nlp-agents';
import { ConfigMessages, DEFAULT_MODEL_CONFIG, type AgentModelConfigForm, type ModelConfig as ModelConfigValues } from '@parley/sdk/contract/nlp-config';
import { Messages } from '@parley/sdk/contract/messages';
import { useDesigner } from '../designer-context.js';
import { paths } from '../designer-routes.js';
import { asParleyError, messageOf, once, useLoad } from '../../internal/use-call.js';
import { ConfigPage } from './ConfigPage.js';
import { ConfigurationPicker } from './ConfigurationPicker.js';
import { keepDraft, keptDraft } from './kept-draft.js';

/** agent-designer 3: the model types and languages, with the words the select shows. */
export const MODEL_TYPES: { id: ModelConfigValues['modelType']; name: string }[] = [
  { id: 'OpenAi', name: 'Open AI' },
  { id: 'Semantic', name: 'Semantic' },
  { id: 'GPT2', name: 'GPT 2' },
  { id: 'SVM', name: 'SVM' },
];
export const LANGUAGES: { id: ModelConfigValues['language']; name: string }[] = [
  { id: 'en', name: 'English' },
  { id: 'hi', name: 'Hindi' },
];

type Field = 'entityExtractRetries' | 'confidenceThreshold' | 'modelType' | 'language' | 'outOfScopeMessage' | 'openaiKey';
type Errors = Partial<Record<Field, string>>;

/** agent-designer 5: retries a whole number of at least 1; threshold 0 to 1 (default 0.5); type and language required. */
export function validateModelConfig(form: AgentModelConfigForm): Errors {
  const errors: Errors = {};
  const retries = form.entityExtractRetries;
  if (Number.isNaN(retries)) errors.entityExtractRetries = Messages.mandatory;
  else if (!Number.isInteger(retries) || retries < 1) errors.entityExtractRetries = ConfigMessages.retries;
  const threshold = form.confidenceThreshold;
  if (Number.isNaN(threshold) || threshold < 0 || threshold > 1) errors.confidenceThreshold = ConfigMessages.threshold;
  if (!form.modelType) errors.modelType = Messages.mandatory;
  if (!form.language) errors.language = Messages.mandatory;
  return errors;
}

/** Entities Configuration (agent-designer 2, 4, 5): the agent's model configuration. */
export function ModelConfig({ agent, onSaved }: { agent: Agent; onSaved?: () => void }) {
  const { client, toast, navigate, navState, canEdit } = useDesigner();
  const loaded = useLoad(
    () => client.nlpConfig.get({ id: agent.id }),
    [agent.id, client],
    (e) => toast(messageOf(e), 'error'),
  );
  const draftKey = `model-config:${agent.id}`;
  // Back from Create Configuration: what the user had chosen before leaving wins over the saved values, once.
  const kept = useRef(keptDraft<AgentModelConfigForm>(navState, draftKey));
  const [form, setForm] = useState<AgentModelConfigForm>({ ...DEFAULT_MODEL_CONFIG, openaiKey: '' });
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  // The form shows once the saved values are in it (not the defaults for a frame before them).
  const [synced, setSynced] = useState(false);
  useEffect(() => {
    if (!loaded.data) return;
    setForm({ ...DEFAULT_MODEL_CONFIG, ...loaded.data, ...kept.current });
    kept.current = undefined;
    setSynced(true);
  }, [loaded.data]);

  const set = <K extends keyof AgentModelConfigForm>(key: K, value: AgentModelConfigForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setServerErrors((e) => ({ ...e, [key]: undefined }));
  };
  const errors: Errors = { ...(submitted ? validateModelConfig(form) : {}), ...Object.fromEntries(Object.entries(serverErrors).filter(([, v]) => v)) };
  const back = () => navigate(paths.agent(agent.id, 'intents'));
  const isSvm = form.modelType === 'SVM';

  const save = async () => {
    setSubmitted(true);
    const local = validateModelConfig(form);
    if (Object.keys(local).length) return;
    setBusy(true);
    try {
      const saved = await once(client.nlpConfig.update({ id: agent.id, ...form }));
      setForm({ ...form, ...saved });
      setServerErrors({});
      // agent-designer 8: the server's message (ConfigMessages.saved is the words it sends on code '100').
      toast(ConfigMessages.saved, 'success');
      onSaved?.();
    } catch (e) {
      const error = asParleyError(e);
      const fields: Field[] = ['entityExtractRetries', 'confidenceThreshold', 'modelType', 'language', 'outOfScopeMessage', 'openaiKey'];
      setServerErrors(Object.fromEntries(fields.map((f) => [f, error.fieldMessage(f)])));
      toast(messageOf(e), 'error');
    } finally {
      setBusy(false);
    }
  };

  const readOnly = !canEdit;
  return (
    <ConfigPage title="Entities Configuration" onBack={back} onSubmit={canEdit ? () => void save() : undefined} busy={busy} loading={!synced && !loaded.error}>
      <div className="pad-cfg-grid">
        <Picker
          label="Model Type"
          isRequired
          items={MODEL_TYPES}
          selectedKey={form.modelType}
          onSelectionChange={(key) => key !== null && set('modelType', key as AgentModelConfigForm['modelType'])}
          isDisabled={readOnly}
          validationState={errors.modelType ? 'invalid' : undefined}
          errorMessage={errors.modelType}
          width="100%"
        >
          {(item) => <Item key={item.id}>{item.name}</Item>}
        </Picker>
        <Picker
          label="Language"
          isRequired
          items={LANGUAGES}
          selectedKey={form.language}
          onSelectionChange={(key) => key !== null && set('language', key as AgentModelConfigForm['language'])}
          isDisabled={readOnly}
          validationState={errors.language ? 'invalid' : undefined}
          errorMessage={errors.language}
          width="100%"
        >
          {(item) => <Item key={item.id}>{item.name}</Item>}
        </Picker>
        <NumberField
          label="Entity Extract Retries"
          isRequired
          value={form.entityExtractRetries}
          onChange={(v) => set('entityExtractRetries', v)}
          step={1}
          maxValue={10}
          formatOptions={{ maximumFractionDigits: 0 }}
          isReadOnly={readOnly}
          validationState={errors.entityExtractRetries ? 'invalid' : undefined}
          errorMessage={errors.entityExtractRetries}
          width="100%"
        />
        <NumberField
          label="Confidence Threshold"
          isRequired
          value={form.confidenceThreshold}
          onChange={(v) => set('confidenceThreshold', v)}
          minValue={0}
          maxValue={1}
          step={0.01}
          formatOptions={{ maximumFractionDigits: 2 }}
          // agent-designer 4: the built-in SVM applies its own threshold, so the value is shown but greyed.
          isReadOnly={readOnly || isSvm}
          UNSAFE_className={isSvm ? 'pad-cfg-greyed' : undefined}
          description={ConfigMessages.threshold}
          validationState={errors.confidenceThreshold ? 'invalid' : undefined}
          errorMessage={errors.confidenceThreshold}
          width="100%"
        />
      </div>
      <TextArea
        label="Out of Scope Message"
        value={form.outOfScopeMessage}
        onChange={(v) => set('outOfScopeMessage', v)}
        isReadOnly={readOnly}
        maxLength={1000}
        validationState={errors.outOfScopeMessage ? 'invalid' : undefined}
        errorMessage={errors.outOfScopeMessage}
        width="100%"
      />
      {form.modelType === 'OpenAi' && (
        <ConfigurationPicker
          agentId={agent.id}
          from="configuration"
          keep={() => keepDraft(draftKey, form)}
          label="Open AI Configuration"
          value={form.openaiKey}
          onChange={(id) => set('openaiKey', id)}
          isDisabled={readOnly}
          error={errors.openaiKey}
        />
      )}
    </ConfigPage>
  );
}
