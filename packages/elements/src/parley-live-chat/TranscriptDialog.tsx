import { Button } from '@adobe/react-spectrum/Button';
import { ButtonGroup } from '@adobe/react-spectrum/ButtonGroup';
import { Content } from '@adobe/react-spectrum/Content';
import { Dialog } from '@adobe/react-spectrum/Dialog';
import { Divider } from '@adobe/react-spectrum/Divider';
import { Form } from '@adobe/react-spectrum/Form';
import { Heading } from '@adobe/react-spectrum/Heading';
import { TextField } from '@adobe/react-spectrum/TextField';
import { useState } from 'react';
import type { ChatSummary } from '@parley/sdk/contract/chats';
import { ChatLimits, ChatMessages } from '@parley/sdk/contract/chat-texts';
import { asParleyError, messageOf, once } from '../internal/use-call.js';
import { useLiveChat } from './live-chat-context.js';

/** The same shape the server's e-mail check accepts, so a typo is named before the call. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Mails the thread as text (chatbird/api/chat/sendtranscript). */
export function TranscriptDialog({ chat, onClose }: { chat: ChatSummary; onClose(): void }) {
  const { client, toast } = useLiveChat();
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const valid = EMAIL.test(email.trim());
  const error = serverError ?? (touched && !valid ? ChatMessages.invalidEmail : undefined);

  const send = async () => {
    setTouched(true);
    if (!valid) return;
    setBusy(true);
    try {
      await once(client.chats.sendTranscript({ chatId: chat.chatId, emailId: email.trim() }));
      toast(ChatMessages.transcriptSent, 'success');
      onClose();
    } catch (e) {
      setServerError(asParleyError(e).fieldMessage('emailId'));
      toast(messageOf(e), 'error');
      setBusy(false);
    }
  };

  return (
    <Dialog size="S">
      <Heading>Send transcript</Heading>
      <Divider />
      <Content>
        <Form
          validationBehavior="aria"
          onSubmit={(e) => {
            e.preventDefault();
            void send();
          }}
        >
          <TextField
            label="E-mail address"
            type="email"
            value={email}
            maxLength={ChatLimits.emailChars}
            onChange={(v) => {
              setEmail(v);
              setServerError(undefined);
            }}
            onBlur={() => setTouched(true)}
            isRequired
            autoFocus
            validationState={error ? 'invalid' : undefined}
            errorMessage={error}
          />
        </Form>
      </Content>
      <ButtonGroup>
        <Button variant="secondary" onPress={onClose}>
          Cancel
        </Button>
        <Button variant="accent" onPress={() => void send()} isPending={busy}>
          Send
        </Button>
      </ButtonGroup>
    </Dialog>
  );
}
