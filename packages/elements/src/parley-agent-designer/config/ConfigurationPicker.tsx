import { Button } from '@adobe/react-spectrum/Button';
import { Item, Picker } from '@adobe/react-spectrum/Picker';
import { useDesigner } from '../designer-context.js';
import { paths, type AgentTab } from '../designer-routes.js';
import { messageOf, useLoad } from '../../internal/use-call.js';

interface Props {
  agentId: string;
  label: string;
  value: string;
  onChange(id: string): void;
  error?: string;
  isDisabled?: boolean;
  isRequired?: boolean;
  /** The tab the picker is on: the integration form returns there. */
  from: AgentTab;
  /** The screen's unsaved values, handed to the integration form and back (see kept-draft.ts). */
  keep?: () => unknown;
}

/** How a saved configuration the list no longer holds is shown. */
export const UNLISTED = 'Saved configuration (no longer available)';

/**
 * The LLM integration configurations as a select (placeholder 'Select a Configuration') beside 'Create Configuration',
 * which opens the integration form.
 */
export function ConfigurationPicker({ agentId, label, value, onChange, error, isDisabled, isRequired, from, keep }: Props) {
  const { client, toast, navigate, canEdit } = useDesigner();
  const configs = useLoad(
    () => client.nlpGenai.llmConfigurations({}),
    [client],
    (e) => toast(messageOf(e), 'error'),
  );
  const listed = configs.data ?? [];
  // A saved id the list no longer holds stays visible (and is what Update sends) rather than passing for empty.
  const items = value && !configs.loading && !listed.some((c) => c.id === value) ? [...listed, { id: value, name: UNLISTED }] : listed;
  const known = items.some((c) => c.id === value);
  return (
    <div className="pad-cfg-row pad-cfg-row-top" data-configurations={configs.loading ? 'loading' : 'loaded'}>
      <Picker
        label={label}
        isRequired={isRequired}
        placeholder="Select a Configuration"
        items={items}
        selectedKey={known ? value : null}
        onSelectionChange={(key) => onChange(key === null ? '' : String(key))}
        isDisabled={isDisabled}
        isLoading={configs.loading}
        validationState={error ? 'invalid' : undefined}
        errorMessage={error}
        description={!configs.loading && listed.length === 0 ? 'No configuration yet: create one to choose it here.' : undefined}
        UNSAFE_className="pad-cfg-grow"
        width="100%"
      >
        {(item) => <Item key={item.id}>{item.name}</Item>}
      </Picker>
      {canEdit && (
        <Button variant="secondary" onPress={() => navigate(paths.integration(agentId, from), keep?.())} UNSAFE_className="pad-cfg-beside-field">
          Create Configuration
        </Button>
      )}
    </div>
  );
}
