import { ActionButton } from '@adobe/react-spectrum/ActionButton';
import { Button } from '@adobe/react-spectrum/Button';
import { ButtonGroup } from '@adobe/react-spectrum/ButtonGroup';
import { Content } from '@adobe/react-spectrum/Content';
import { Dialog } from '@adobe/react-spectrum/Dialog';
import { Divider } from '@adobe/react-spectrum/Divider';
import { Flex } from '@adobe/react-spectrum/Flex';
import { Form } from '@adobe/react-spectrum/Form';
import { Heading } from '@adobe/react-spectrum/Heading';
import { TextArea } from '@adobe/react-spectrum/TextArea';
import { TextField } from '@adobe/react-spectrum/TextField';
import { useEffect, useState } from 'react';
import type { ChatSummary } from '@parley/sdk/contract/chats';
import { ChatLimits } from '@parley/sdk/contract/chat-texts';
import { messageOf, once } from '../internal/use-call.js';
import { useLiveChat } from './live-chat-context.js';

const tagsOf = (text: string) => [
  ...new Set(
    text
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean),
  ),
];

/** The chat's tags (comma separated) and the agent's note on it (7.3 update_tag). */
export function TagsDialog({ chat, onClose }: { chat: ChatSummary; onClose(saved: ChatSummary | null): void }) {
  const { client, toast } = useLiveChat();
  const [tags, setTags] = useState(chat.tags.join(', '));
  const [note, setNote] = useState(chat.note);
  const [busy, setBusy] = useState(false);
  const [labels, setLabels] = useState<string[]>([]);
  // The enterprise's chat labels, one click each; without them (or without the call) the field works as before.
  useEffect(() => {
    const sub = client.labels.list({}).subscribe({ next: (rows) => setLabels([...new Set(rows.map((l) => l.name))]), error: () => undefined });
    return () => sub.unsubscribe();
  }, [client]);
  const list = tagsOf(tags);
  const tooMany = list.length > ChatLimits.tags;
  const tooLong = list.find((t) => t.length > ChatLimits.tagChars);
  const error = tooMany ? `At most ${ChatLimits.tags} tags` : tooLong ? `A tag holds at most ${ChatLimits.tagChars} characters` : undefined;

  const save = async () => {
    if (error) return;
    setBusy(true);
    try {
      const saved = await once(client.chats.updateTag({ id: chat.chatId, tag: JSON.stringify(list), note }));
      toast('Tags and note saved', 'success');
      onClose(saved);
    } catch (e) {
      toast(messageOf(e), 'error');
      setBusy(false);
    }
  };

  return (
    <Dialog size="S">
      <Heading>Tags and note</Heading>
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
            label="Tags"
            description="Separate tags with commas"
            value={tags}
            onChange={setTags}
            autoFocus
            validationState={error ? 'invalid' : undefined}
            errorMessage={error}
          />
          <TextArea label="Note" value={note} onChange={setNote} maxLength={ChatLimits.noteChars} />
        </Form>
        {labels.length > 0 && (
          <div role="group" aria-label="Add a label as a tag">
            <Flex wrap gap="size-75" marginTop="size-150">
              {labels.map((name) => (
                <ActionButton key={name} isDisabled={list.includes(name)} onPress={() => setTags(tagsOf(`${tags},${name}`).join(', '))}>
                  {`+ ${name}`}
                </ActionButton>
              ))}
            </Flex>
          </div>
        )}
      </Content>
      <ButtonGroup>
        <Button variant="secondary" onPress={() => onClose(null)}>
          Cancel
        </Button>
        <Button variant="accent" onPress={() => void save()} isDisabled={Boolean(error)} isPending={busy}>
          Save
        </Button>
      </ButtonGroup>
    </Dialog>
  );
}
