import { Button } from '@adobe/react-spectrum/Button';
import { ButtonGroup } from '@adobe/react-spectrum/ButtonGroup';
import { Content } from '@adobe/react-spectrum/Content';
import { Dialog } from '@adobe/react-spectrum/Dialog';
import { DialogContainer } from '@adobe/react-spectrum/DialogContainer';
import { Divider } from '@adobe/react-spectrum/Divider';
import { Form } from '@adobe/react-spectrum/Form';
import { Heading } from '@adobe/react-spectrum/Heading';
import { Radio, RadioGroup } from '@adobe/react-spectrum/RadioGroup';
import { TextArea } from '@adobe/react-spectrum/TextArea';
import { TextField } from '@adobe/react-spectrum/TextField';
import { useEffect, useState } from 'react';
import { NlpMessages, type Agent } from '@parley/sdk/contract/nlp-agents';
import { Messages } from '@parley/sdk/contract/messages';
import { useDesigner } from '../designer-context.js';
import { asParleyError, messageOf, once } from '../../internal/use-call.js';

interface Props {
  agent: Agent | null;
  isOpen: boolean;
  onClose(saved: boolean): void;
}

type Field = 'name' | 'description' | 'type';

/** agent-designer 2 and 5: Name, Agent Type (Prompt Based or NLP Based), Description; all three required. */
export function AgentFormDialog({ agent, isOpen, onClose }: Props) {
  const { client, toast } = useDesigner();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [type, setType] = useState<'nlp' | 'prompt' | ''>('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!isOpen) return;
    setName(agent?.name ?? '');
    setDescription(agent?.description ?? '');
    setType(agent ? (agent.type ?? 'nlp') : '');
    setErrors({});
    setSubmitted(false);
  }, [isOpen, agent]);

  const validate = () => {
    const next: Partial<Record<Field, string>> = {};
    if (!name.trim()) next.name = Messages.mandatory;
    if (!description.trim()) next.description = Messages.mandatory;
    if (!type) next.type = Messages.mandatory;
    return next;
  };
  const shown = submitted ? { ...validate(), ...errors } : errors;

  const save = async () => {
    setSubmitted(true);
    const local = validate();
    if (Object.keys(local).length || !type) return;
    setBusy(true);
    try {
      await once(client.nlpAgents.save({ ...(agent ? { id: agent.id } : {}), name, description, type }));
      toast(agent ? NlpMessages.agentUpdated : NlpMessages.agentCreated, 'success');
      onClose(true);
    } catch (e) {
      const error = asParleyError(e);
      setErrors({ name: error.fieldMessage('name'), description: error.fieldMessage('description'), type: error.fieldMessage('type') });
      toast(messageOf(e), 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <DialogContainer onDismiss={() => onClose(false)}>
      {isOpen && (
        <Dialog size="M">
          <Heading>{agent ? 'Edit Agent' : 'Create New Agent'}</Heading>
          <Divider />
          <Content>
            <Form
              onSubmit={(e) => {
                e.preventDefault();
                void save();
              }}
              validationBehavior="aria"
            >
              <TextField
                label="Name"
                value={name}
                onChange={setName}
                isRequired
                autoFocus
                validationState={shown.name ? 'invalid' : undefined}
                errorMessage={shown.name}
                maxLength={120}
              />
              <RadioGroup
                label="Agent Type"
                value={type}
                onChange={(v) => setType(v as 'nlp' | 'prompt')}
                orientation="horizontal"
                isRequired
                validationState={shown.type ? 'invalid' : undefined}
                errorMessage={shown.type}
              >
                <Radio value="prompt">Prompt Based</Radio>
                <Radio value="nlp">NLP Based</Radio>
              </RadioGroup>
              <TextArea
                label="Description"
                value={description}
                onChange={setDescription}
                isRequired
                validationState={shown.description ? 'invalid' : undefined}
                errorMessage={shown.description}
                maxLength={1000}
              />
            </Form>
          </Content>
          <ButtonGroup>
            <Button variant="secondary" onPress={() => onClose(false)}>
              Cancel
            </Button>
            <Button variant="accent" onPress={() => void save()} isPending={busy}>
              Save
            </Button>
          </ButtonGroup>
        </Dialog>
      )}
    </DialogContainer>
  );
}
