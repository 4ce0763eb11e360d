import { Button, ButtonGroup, Content, Dialog, Divider, Form, Heading, Text, TextField } from '@adobe/react-spectrum';
import { useState } from 'react';
import { Messages } from '@parley/sdk/contract/messages';
import { fromServer } from '../../auth/form-errors.js';

interface Props {
  title: string;
  explanation: string;
  action: string;
  /** Resolves when done; a refusal of the password is shown under the field. */
  onConfirm(password: string): Promise<void>;
  close(): void;
}

/** Changes to how the account is protected ask for the current password: a borrowed session alone must not do them. */
export function PasswordPrompt({ title, explanation, action, onConfirm, close }: Props) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!password) return setError(Messages.mandatory);
    setBusy(true);
    try {
      await onConfirm(password);
    } catch (e) {
      const { fields, message } = fromServer(e);
      setError(fields.password ?? message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog size="S">
      <Heading>{title}</Heading>
      <Divider />
      <Content>
        <Form id="password-prompt" validationBehavior="aria" onSubmit={(e) => (e.preventDefault(), void submit())}>
          <Text>{explanation}</Text>
          <TextField
            label="Current password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={setPassword}
            autoFocus
            {...(error ? { validationState: 'invalid' as const, errorMessage: error } : {})}
          />
        </Form>
      </Content>
      <ButtonGroup>
        <Button variant="secondary" onPress={close}>
          Cancel
        </Button>
        <Button variant="accent" type="submit" form="password-prompt" isPending={busy}>
          {action}
        </Button>
      </ButtonGroup>
    </Dialog>
  );
}
