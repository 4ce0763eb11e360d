import { useEffect, useState } from 'react';
import { api } from '../../../stores/session-store.js';
import { ChannelForm } from './ChannelForm.js';
import { valuesOf, type ChannelFormValues } from './channel-form-state.js';
import { showRefusal } from '../../../components/show-refusal.js';

/** `/admin/channels/<id>`: the channel as the server shows it (secrets masked), then the form. */
export function EditChannel({ channelId, onDone }: { channelId: string; onDone(): void }) {
  const [editing, setEditing] = useState<{ channelId: string; values: ChannelFormValues; webhookUrl: string } | null>(null);
  useEffect(() => {
    const loading = api.channels.get({ channelId }).subscribe({
      next: ({ channel }) => setEditing({ channelId, values: valuesOf(channel), webhookUrl: channel.webhookUrl }),
      error: (error: unknown) => {
        showRefusal(error);
        onDone();
      },
    });
    return () => loading.unsubscribe();
  }, [channelId, onDone]);
  if (!editing) return <div className="screen-loading" aria-busy="true" />;
  return <ChannelForm key={channelId} editing={editing} onDone={onDone} />;
}
