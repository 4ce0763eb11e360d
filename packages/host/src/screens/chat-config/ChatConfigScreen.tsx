import { Item, Picker, ProgressCircle, Switch } from '@adobe/react-spectrum';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { ChatConfigMessages, type ChatConfig } from '@parley/sdk/contract/chat-config';
import { toast } from '../../stores/toast-store.js';
import { showRefusal } from '../../components/show-refusal.js';
import { chatConfigCalls } from './chat-config-calls.js';
import { validateChatConfigSearch } from './chat-config-search.js';
import { HoursPanel } from './HoursPanel.js';
import { LabelsPanel } from './LabelsPanel.js';
import './chat-config.css';

/**
 * Configuration → Chat Config (`/admin/chatConfig/chat-config`, CHAT.CHAT_CONFIG): whether agents choose their chats,
 * and per department its labels, its missed-chat timeout and its working hours.
 */
export function ChatConfigScreen() {
  const { deptId } = validateChatConfigSearch(useSearch({ strict: false }));
  const navigate = useNavigate();
  const [config, setConfig] = useState<ChatConfig | null>(null);
  useEffect(() => {
    chatConfigCalls.get().then(setConfig, showRefusal);
  }, []);
  if (!config) return <ProgressCircle aria-label="Loading chat configuration" isIndeterminate />;
  const dept = config.departments.find((d) => d.deptId === deptId) ?? config.departments[0];

  const setSelection = async (on: boolean) => {
    try {
      setConfig(await chatConfigCalls.setSelection(on));
      toast(ChatConfigMessages.saved, 'success');
    } catch (error) {
      showRefusal(error);
    }
  };
  const replace = (next: ChatConfig['departments'][number]) =>
    setConfig((c) => c && { ...c, departments: c.departments.map((d) => (d.deptId === next.deptId ? next : d)) });

  return (
    <section className="chat-config" aria-labelledby="chat-config-title">
      <header>
        <h1 id="chat-config-title">Chat Config</h1>
      </header>
      <section className="chat-config-panel" aria-labelledby="selection-title">
        <h2 id="selection-title">Picking chats</h2>
        <Switch isSelected={config.customChatSelection} onChange={(on) => void setSelection(on)}>
          Agents choose which waiting chat to pick up
        </Switch>
        <p className="chat-config-hint">Off: an agent picks up the chat that has waited longest in their queues first.</p>
      </section>
      {dept ? (
        <>
          <Picker
            label="Department"
            selectedKey={dept.deptId}
            onSelectionChange={(k) => void navigate({ to: '/admin/chatConfig/chat-config', search: { deptId: String(k) } })}
            items={config.departments}
            width="size-3600"
          >
            {(d) => <Item key={d.deptId}>{d.name}</Item>}
          </Picker>
          <div className="chat-config-columns">
            <LabelsPanel deptId={dept.deptId} onCount={(labelCount) => labelCount !== dept.labelCount && replace({ ...dept, labelCount })} />
            <HoursPanel key={dept.deptId} dept={dept} defaultSeconds={config.defaultMissedAfterSeconds} onSaved={replace} />
          </div>
        </>
      ) : (
        <p className="chat-config-panel">
          Labels, timeouts and working hours belong to departments: <Link to="/admin/departments">add a department</Link> first.
        </p>
      )}
    </section>
  );
}
