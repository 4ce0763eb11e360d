import { ActionButton } from '@adobe/react-spectrum/ActionButton';
import { Button } from '@adobe/react-spectrum/Button';
import { Flex } from '@adobe/react-spectrum/Flex';
import { Item, TabList, TabPanels, Tabs } from '@adobe/react-spectrum/Tabs';
import { TextField } from '@adobe/react-spectrum/TextField';
import { Tooltip, TooltipTrigger } from '@adobe/react-spectrum/Tooltip';
import Close from '@spectrum-icons/workflow/Close';
import Revert from '@spectrum-icons/workflow/Revert';
import { useDesigner } from '../designer-context.js';
import type { Draft } from './intent-draft.js';
import { PhrasesTab } from './PhrasesTab.js';
import type { PhraseSelection } from './PhraseText.js';
import { ResponseTab } from './ResponseTab.js';

interface Props {
  draft: Draft;
  dirty: boolean;
  nameError?: string;
  saving: boolean;
  update(change: (d: Draft) => Draft): void;
  onSave(): void;
  onDiscard(): void;
  onClose(): void;
  entityName(id: string): string;
  onSelectText(sel: PhraseSelection): void;
}

/** The middle column (agent-designer 2): intent name, Save or Create, close, discard, and the two tabs. */
export function IntentEditor(props: Props) {
  const { canEdit } = useDesigner();
  const { draft, update } = props;
  return (
    <section className="pad-col pad-col-middle" aria-label="Intent">
      <Flex gap="size-100" alignItems="end">
        <TextField
          label="Intent name"
          value={draft.name}
          onChange={(name) => update((d) => ({ ...d, name }))}
          isReadOnly={!canEdit}
          flexGrow={1}
          validationState={props.nameError ? 'invalid' : undefined}
          errorMessage={props.nameError}
          maxLength={120}
        />
        {canEdit && (
          <>
            <TooltipTrigger>
              <ActionButton aria-label="Discard changes" isDisabled={!props.dirty} onPress={props.onDiscard}>
                <Revert />
              </ActionButton>
              <Tooltip>Discard changes</Tooltip>
            </TooltipTrigger>
            <Button variant="accent" onPress={props.onSave} isPending={props.saving}>
              {draft.id ? 'Save' : 'Create'}
            </Button>
          </>
        )}
        <TooltipTrigger>
          <ActionButton isQuiet aria-label="Close intent" onPress={props.onClose}>
            <Close />
          </ActionButton>
          <Tooltip>Close</Tooltip>
        </TooltipTrigger>
      </Flex>
      {props.dirty && <p className="pad-unsaved">Unsaved changes</p>}
      <Tabs aria-label="Intent content" defaultSelectedKey="phrases">
        <TabList>
          <Item key="phrases">Training phrases</Item>
          <Item key="response">Response</Item>
        </TabList>
        <TabPanels>
          <Item key="phrases">
            <PhrasesTab draft={draft} update={update} entityName={props.entityName} onSelectText={props.onSelectText} />
          </Item>
          <Item key="response">
            <ResponseTab draft={draft} update={update} />
          </Item>
        </TabPanels>
      </Tabs>
    </section>
  );
}
