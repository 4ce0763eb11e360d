import { Button, ButtonGroup, Content, Dialog, Divider, Form, Heading, TextArea, TextField } from '@adobe/react-spectrum';
import { useState } from 'react';
import { ArtifactMessages } from '@parley/sdk/contract/artifact-texts';

/** The broadcast spec's required-field text (5), which the contract keeps under the bucket name. */
const REQUIRED = ArtifactMessages.bucketNameRequired;

export type AddKind = 'LOCATION' | 'URL' | 'MSG';

/** The attachment the server stores: `data` of the contract's create call. */
export interface NewAttachment {
  type: AddKind;
  name: string;
  desc: string;
  address?: string;
  url?: string;
}

/** Per kind: the dialog's title and its second field (the first is always the name). */
const FORMS: Record<AddKind, { title: string; label: string; field: 'address' | 'url' | 'desc'; long: boolean }> = {
  LOCATION: { title: 'Add location', label: 'Address', field: 'address', long: true },
  URL: { title: 'Add link', label: 'URL', field: 'url', long: false },
  MSG: { title: 'Add message', label: 'Text', field: 'desc', long: true },
};

/** A location, link or message attachment: both fields required and not blank, trimmed before sending. */
export function AddAttachmentDialog({ kind, close, save }: { kind: AddKind; close(): void; save(data: NewAttachment): Promise<boolean> }) {
  const form = FORMS[kind];
  const [name, setName] = useState('');
  const [value, setValue] = useState('');
  const [touched, setTouched] = useState({ name: false, value: false });
  const [busy, setBusy] = useState(false);
  const nameInvalid = name.trim() === '';
  const valueInvalid = value.trim() === '';

  const submit = async () => {
    setTouched({ name: true, value: true });
    if (nameInvalid || valueInvalid || busy) return;
    setBusy(true);
    const data: NewAttachment = { type: kind, name: name.trim(), desc: '', [form.field]: value.trim() };
    const ok = await save(data);
    setBusy(false);
    if (ok) close();
  };

  const second = {
    label: form.label,
    value,
    onChange: setValue,
    onBlur: () => setTouched((t) => ({ ...t, value: true })),
    isRequired: true,
    necessityIndicator: 'icon' as const,
    width: '100%',
    validationState: touched.value && valueInvalid ? ('invalid' as const) : undefined,
    errorMessage: REQUIRED,
  };
  return (
    <Dialog size="M">
      <Heading>{form.title}</Heading>
      <Divider />
      <Content>
        <Form
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <TextField
            label="Name"
            value={name}
            onChange={setName}
            onBlur={() => setTouched((t) => ({ ...t, name: true }))}
            autoFocus
            maxLength={200}
            isRequired
            necessityIndicator="icon"
            validationState={touched.name && nameInvalid ? 'invalid' : undefined}
            errorMessage={REQUIRED}
          />
          {form.long ? <TextArea {...second} maxLength={form.field === 'address' ? 500 : 2000} /> : <TextField {...second} type="url" maxLength={2000} />}
        </Form>
      </Content>
      <ButtonGroup>
        <Button variant="secondary" onPress={close}>
          Cancel
        </Button>
        <Button variant="accent" onPress={() => void submit()} isDisabled={busy}>
          Save
        </Button>
      </ButtonGroup>
    </Dialog>
  );
}
