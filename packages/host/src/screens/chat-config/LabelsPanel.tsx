import { ActionMenu, Button, Item, ListView, Picker, Text, TextField } from '@adobe/react-spectrum';
import { useEffect, useState } from 'react';
import { ChatConfigLimits, ChatConfigMessages, LABEL_COLORS, type ChatLabel, type LabelColor } from '@parley/sdk/contract/chat-config';
import { toast } from '../../stores/toast-store.js';
import { showRefusal } from '../../components/show-refusal.js';
import { chatConfigCalls } from './chat-config-calls.js';

const COLOR_NAMES = LABEL_COLORS.map((c) => ({ id: c, name: c[0]!.toUpperCase() + c.slice(1) }));

/** A department's chat labels, which its agents tag chats with: add, rename, recolour, reorder, delete. */
export function LabelsPanel({ deptId, onCount }: { deptId: string; onCount: (n: number) => void }) {
  const [labels, setLabels] = useState<ChatLabel[]>([]);
  const [editing, setEditing] = useState<ChatLabel | null>(null);
  const [name, setName] = useState('');
  const [color, setColor] = useState<LabelColor>('blue');
  const show = (rows: ChatLabel[]) => {
    setLabels(rows);
    onCount(rows.length);
  };
  useEffect(() => {
    setEditing(null);
    setName('');
    chatConfigCalls.labels(deptId).then(show, showRefusal);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new department reloads; `show` is new on every render.
  }, [deptId]);

  const save = async () => {
    try {
      await chatConfigCalls.saveLabel({ ...(editing ? { labelId: editing.labelId } : {}), deptId, name, color });
      toast(ChatConfigMessages.labelSaved, 'success');
      setEditing(null);
      setName('');
      show(await chatConfigCalls.labels(deptId));
    } catch (error) {
      showRefusal(error);
    }
  };
  const remove = async (label: ChatLabel) => {
    try {
      await chatConfigCalls.deleteLabel(label.labelId);
      toast(ChatConfigMessages.labelDeleted, 'success');
      show(await chatConfigCalls.labels(deptId));
    } catch (error) {
      showRefusal(error);
    }
  };
  const move = async (index: number, by: -1 | 1) => {
    const ids = labels.map((l) => l.labelId);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved!);
    try {
      show(await chatConfigCalls.order(deptId, ids));
    } catch (error) {
      showRefusal(error);
    }
  };

  const act = (label: ChatLabel, index: number, key: string) => {
    if (key === 'up' || key === 'down') void move(index, key === 'up' ? -1 : 1);
    else if (key === 'delete') void remove(label);
    else {
      setEditing(label);
      setName(label.name);
      setColor(label.color);
    }
  };

  return (
    <section className="chat-config-panel" aria-labelledby="labels-title">
      <h2 id="labels-title">Chat labels</h2>
      <p className="chat-config-hint">Offered to this department&apos;s agents as tags for a chat, in this order.</p>
      <ListView
        aria-label="Chat labels"
        items={labels}
        selectionMode="none"
        height={labels.length ? Math.min(340, 2 + labels.length * 49) : 96}
        renderEmptyState={() => <p className="chat-config-hint">No label yet.</p>}
      >
        {(l) => {
          const i = labels.indexOf(l);
          return (
            <Item key={l.labelId} textValue={l.name}>
              <Text>
                <span className="label-swatch" data-color={l.color} aria-hidden="true" /> {l.name}
              </Text>
              <ActionMenu
                aria-label={`Actions for ${l.name}`}
                isQuiet
                disabledKeys={[...(i === 0 ? ['up'] : []), ...(i === labels.length - 1 ? ['down'] : [])]}
                onAction={(k) => act(l, i, String(k))}
              >
                <Item key="up">Move up</Item>
                <Item key="down">Move down</Item>
                <Item key="edit">Edit</Item>
                <Item key="delete">Delete</Item>
              </ActionMenu>
            </Item>
          );
        }}
      </ListView>
      <form
        className="label-form"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <TextField label={editing ? `Rename "${editing.name}"` : 'New label'} value={name} onChange={setName} maxLength={ChatConfigLimits.labelChars} />
        <Picker label="Colour" items={COLOR_NAMES} selectedKey={color} onSelectionChange={(k) => setColor(k as LabelColor)} width="size-1700">
          {(c) => <Item key={c.id}>{c.name}</Item>}
        </Picker>
        <Button variant="primary" type="submit">
          {editing ? 'Save label' : 'Add label'}
        </Button>
        {editing && (
          <Button
            variant="secondary"
            onPress={() => {
              setEditing(null);
              setName('');
            }}
          >
            Cancel
          </Button>
        )}
      </form>
    </section>
  );
}
