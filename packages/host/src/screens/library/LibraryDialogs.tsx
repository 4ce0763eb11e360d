import { AlertDialog, Button, ButtonGroup, Content, Dialog, Divider, Form, Heading, Item, Picker, TextField } from '@adobe/react-spectrum';
import { useState } from 'react';
import { ArtifactMessages } from '@parley/sdk/contract/artifact-texts';
import type { Bucket } from '@parley/sdk/contract/artifacts';

/**
 * The bucket name form (new and rename). Like the segment name of the broadcast spec 5: required, a non-whitespace
 * character, 'This field is required', trimmed before sending, Save disabled while invalid.
 */
export function BucketNameDialog({ title, initial, close, save }: { title: string; initial: string; close(): void; save(name: string): Promise<boolean> }) {
  const [name, setName] = useState(initial);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const invalid = name.trim().length === 0;
  const submit = async () => {
    setTouched(true);
    if (invalid || busy) return;
    setBusy(true);
    const ok = await save(name.trim());
    setBusy(false);
    if (ok) close();
  };
  return (
    <Dialog size="S">
      <Heading>{title}</Heading>
      <Divider />
      <Content>
        <Form
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <TextField
            label="Bucket name"
            value={name}
            onChange={setName}
            onBlur={() => setTouched(true)}
            autoFocus
            maxLength={100}
            isRequired
            necessityIndicator="icon"
            validationState={touched && invalid ? 'invalid' : undefined}
            errorMessage={ArtifactMessages.bucketNameRequired}
          />
        </Form>
      </Content>
      <ButtonGroup>
        <Button variant="secondary" onPress={close}>
          Cancel
        </Button>
        <Button variant="accent" onPress={() => void submit()} isDisabled={invalid || busy}>
          Save
        </Button>
      </ButtonGroup>
    </Dialog>
  );
}

/** A question before something that cannot be undone. */
export function ConfirmDialog({ title, text, action, confirm }: { title: string; text: string; action: string; confirm(): void }) {
  return (
    <AlertDialog title={title} variant="destructive" primaryActionLabel={action} cancelLabel="Cancel" onPrimaryAction={confirm}>
      {text}
    </AlertDialog>
  );
}

/** "Move to bucket": the other buckets of the tab. */
export function MoveDialog({
  buckets,
  count,
  close,
  move,
}: {
  buckets: readonly Bucket[];
  count: number;
  close(): void;
  move(bucketId: string): Promise<boolean>;
}) {
  const [target, setTarget] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!target) return;
    setBusy(true);
    const ok = await move(target);
    setBusy(false);
    if (ok) close();
  };
  return (
    <Dialog size="S">
      <Heading>Move to bucket</Heading>
      <Divider />
      <Content>
        <p className="library-dialog-text">
          {count === 1 ? '1 attachment' : `${count} attachments`} will leave any bucket they are in and go into the bucket you choose.
        </p>
        <Picker
          label="Bucket"
          items={buckets}
          selectedKey={target}
          onSelectionChange={(key) => setTarget(key === null ? null : String(key))}
          width="100%"
          isRequired
          necessityIndicator="icon"
        >
          {(bucket) => <Item key={bucket.id}>{bucket.name}</Item>}
        </Picker>
      </Content>
      <ButtonGroup>
        <Button variant="secondary" onPress={close}>
          Cancel
        </Button>
        <Button variant="accent" onPress={() => void submit()} isDisabled={!target || busy}>
          Move
        </Button>
      </ButtonGroup>
    </Dialog>
  );
}
