import { Button } from '@adobe/react-spectrum/Button';
import { ButtonGroup } from '@adobe/react-spectrum/ButtonGroup';
import { Content } from '@adobe/react-spectrum/Content';
import { Dialog } from '@adobe/react-spectrum/Dialog';
import { Divider } from '@adobe/react-spectrum/Divider';
import { Form } from '@adobe/react-spectrum/Form';
import { Heading } from '@adobe/react-spectrum/Heading';
import { TextField } from '@adobe/react-spectrum/TextField';
import { useState } from 'react';
import { CustomerLimits, CustomerMessages } from '@parley/sdk/contract/customer-texts';
import { useMaster } from '../master-context.js';
import { asParleyError, messageOf, once } from '../../internal/use-call.js';

export type NamedKind = 'segment' | 'group';

const TEXTS: Record<NamedKind, { title: string; label: string; created: string }> = {
  segment: { title: 'Create Segment', label: 'Segment Name', created: CustomerMessages.segmentCreated },
  group: { title: 'Create Group', label: 'Group Name', created: CustomerMessages.groupCreated },
};

/**
 * customer-master 2 and 5: the create-segment and create-group pop-ups. The name must hold something besides spaces
 * ('This field is required', Save disabled meanwhile) and is sent trimmed. Rendered inside the list's one
 * DialogContainer, so only one pop-up is ever open.
 */
export function NameDialog({ kind, onClose }: { kind: NamedKind; onClose(saved: boolean): void }) {
  const { client, toast } = useMaster();
  const texts = TEXTS[kind];
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const trimmed = name.trim();
  const error = serverError ?? (touched && !trimmed ? CustomerMessages.required : undefined);

  const save = async () => {
    setTouched(true);
    if (!trimmed || busy) return;
    setBusy(true);
    try {
      if (kind === 'segment') await once(client.customers.createTag({ name: trimmed }));
      else await once(client.customers.createGroup({ name: trimmed }));
      toast(texts.created, 'success');
      onClose(true);
    } catch (e) {
      setServerError(asParleyError(e).fieldMessage('name'));
      toast(messageOf(e), 'error');
      setBusy(false);
    }
  };

  return (
    <Dialog size="S">
      <Heading>{texts.title}</Heading>
      <Divider />
      <Content>
        <Form
          validationBehavior="aria"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <TextField
            label={texts.label}
            value={name}
            onChange={(v) => {
              setName(v);
              setTouched(true);
              setServerError(undefined);
            }}
            onBlur={() => setTouched(true)}
            isRequired
            autoFocus
            maxLength={CustomerLimits.segmentNameChars}
            validationState={error ? 'invalid' : undefined}
            errorMessage={error}
          />
        </Form>
      </Content>
      <ButtonGroup>
        <Button variant="secondary" onPress={() => onClose(false)}>
          Cancel
        </Button>
        <Button variant="accent" onPress={() => void save()} isDisabled={!trimmed} isPending={busy}>
          Save
        </Button>
      </ButtonGroup>
    </Dialog>
  );
}
