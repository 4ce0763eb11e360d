import { ProgressCircle } from '@adobe/react-spectrum/ProgressCircle';
import { ElementRoot } from '../internal/element-root.js';
import { useMemo, useState } from 'react';
import { BroadcastMessages, RESOURCE_TYPES, type ResourceType } from '@parley/sdk/contract/broadcast-texts';
import type { BroadcastDetail } from '@parley/sdk/contract/broadcasts';
import { ensureDesignerStyles, ensureStyles } from '../internal/styles.js';
import { showToastSoon } from '../internal/lazy-toasts.js';
import { useLoad } from '../internal/use-call.js';
import { SENDER_MODES, type BroadcastCloseDetail, type BroadcastSentDetail, type SenderMode } from './events.js';
import { mappingsFrom, type ChosenMedia } from './form-model.js';
import { useDeferredModule } from '../internal/deferred-module.js';
import { SenderClient } from './sender-client.js';
import SENDER_CSS from './sender-styles.css?inline';
import { SenderForm, type FormStart } from './SenderForm.js';
import { useLiveBroadcast } from './use-live-broadcast.js';

/** View mode only: the messages and their status dialog, fetched while the broadcast loads. */
const loadMessages = () => import('./MessagesTable.js');

export interface BroadcastSenderProps {
  apiBase?: string;
  token?: string;
  mode?: string;
  broadcastId?: string;
  channelId?: string;
  templateId?: string;
  phoneNumber?: string;
  resourceType?: string;
  resourceId?: string;
  /** The custom element itself (given by r2wc): events go out from it. */
  container?: HTMLElement;
}

const modeOf = (value: string | undefined): SenderMode => SENDER_MODES.find((m) => m === value?.trim()) ?? 'create';
const resourceOf = (value: string | undefined): ResourceType | undefined => RESOURCE_TYPES.find((t) => t === value?.trim().toUpperCase());

type Props = BroadcastSenderProps & { client: SenderClient; apiBase: string; toast: typeof showToastSoon; emit<T>(type: string, detail: T): void };

/** The broadcast screen (broadcast spec 2, 4, 5, 8): create, view, and the campaign and chat test variants. */
export function BroadcastSender(props: BroadcastSenderProps) {
  ensureDesignerStyles();
  ensureStyles('broadcast-sender', SENDER_CSS);
  const apiBase = props.apiBase || '/api';
  const client = useMemo(() => new SenderClient({ baseUrl: apiBase, token: props.token || null }), [apiBase, props.token]);
  const emit = <T,>(type: string, detail: T) => props.container?.dispatchEvent(new CustomEvent<T>(type, { detail, bubbles: true, composed: true }));
  const mode = modeOf(props.mode);
  const inner: Props = { ...props, apiBase, client, toast: showToastSoon, emit };

  return (
    <ElementRoot className="pbs-root" container={props.container}>
      {mode === 'view' ? <View {...inner} /> : mode === 'create' ? <Create {...inner} /> : <TestSend {...inner} mode={mode} />}
    </ElementRoot>
  );
}

function Create(props: Props) {
  // A sent broadcast resets the form: a fresh one is mounted.
  const [round, setRound] = useState(0);
  return (
    <SenderForm
      key={round}
      client={props.client}
      apiBase={props.apiBase}
      token={props.token}
      start={{}}
      resource={{ resourceType: resourceOf(props.resourceType), resourceId: props.resourceId || undefined }}
      toast={props.toast}
      onSent={(id, message) => {
        setRound((n) => n + 1);
        props.emit<BroadcastSentDetail>('parley-broadcast-sent', { id, message });
      }}
    />
  );
}

/** campaign-test and chat-test: channel and template preset and locked (chat: the number too); they close after. */
function TestSend(props: Props & { mode: SenderMode }) {
  const chat = props.mode === 'chat-test';
  const channelId = props.channelId?.trim() || undefined;
  const channel = useLoad(() => (channelId ? props.client.channels.get({ channelId }) : null), [props.client, channelId]);
  const [round, setRound] = useState(0);
  if (channelId && channel.loading) return <ProgressCircle aria-label="Loading" isIndeterminate size="S" />;
  const start: FormStart = {
    channel: channelId ? { id: channelId, name: channel.data?.channel.name ?? channelId } : undefined,
    templateId: props.templateId?.trim() || undefined,
    numbers: chat ? (props.phoneNumber ?? '') : '',
  };
  const resourceType = resourceOf(props.resourceType) ?? (chat ? 'CHAT' : 'CAMPAIGN');
  return (
    <SenderForm
      key={round}
      client={props.client}
      apiBase={props.apiBase}
      token={props.token}
      start={start}
      lockChannel={Boolean(start.channel)}
      lockTemplate={Boolean(start.channel && start.templateId)}
      lockNumbers={chat && Boolean(props.phoneNumber?.trim())}
      resource={{ resourceType, resourceId: props.resourceId || undefined }}
      toast={props.toast}
      onSent={(id, message) => {
        setRound((n) => n + 1);
        props.emit<BroadcastSentDetail>('parley-broadcast-sent', { id, message });
        props.emit<BroadcastCloseDetail>('parley-close', { reason: 'sent', id });
      }}
      onFailed={(message) => props.emit<BroadcastCloseDetail>('parley-close', { reason: 'failed', message })}
    />
  );
}

type WireMedia = { fileName: string; type: string; url: string; id?: string };
/** The request's `message.template` as the server stores it. */
interface StoredTemplate {
  templateId?: string;
  templateUId?: string;
  media?: WireMedia;
  cards?: { media?: WireMedia }[];
}
const mediaOf = (m: WireMedia | undefined): ChosenMedia | null => (m ? { ...m } : null);

/** What a sent broadcast held, as the form's starting values. */
function startOf(detail: BroadcastDetail): FormStart {
  const template = ((detail.message ?? {}) as { template?: StoredTemplate }).template;
  return {
    channel: detail.channelId ? { id: detail.channelId, name: detail.channelName } : undefined,
    templateId: template?.templateUId ?? template?.templateId,
    numbers: detail.phoneNumbers.join(', '),
    media: mediaOf(template?.media),
    cardMedia: (template?.cards ?? []).map((c) => mediaOf(c.media)),
    mappings: mappingsFrom(detail.columnMapping),
  };
}

/** A sent broadcast: the form disabled with its values, and its messages, live. */
function View(props: Props) {
  const id = props.broadcastId?.trim() ?? '';
  const live = useLiveBroadcast(props.client, props.apiBase, props.token, id);
  const messages = useDeferredModule(loadMessages);
  if (!id || (live.error && !live.detail)) {
    return (
      <p className="pbs-refusal" role="alert">
        {live.error ?? BroadcastMessages.notFound}
      </p>
    );
  }
  if (!live.detail || !messages) return <ProgressCircle aria-label="Loading the broadcast" isIndeterminate size="S" />;
  return (
    <div className="pbs-view">
      <SenderForm
        key={live.detail.id}
        client={props.client}
        apiBase={props.apiBase}
        token={props.token}
        start={startOf(live.detail)}
        readOnly
        toast={props.toast}
      />
      <messages.MessagesTable client={props.client} broadcastId={id} live={live} />
    </div>
  );
}
