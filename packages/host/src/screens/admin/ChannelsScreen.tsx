import { useLocation, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { ChannelForm } from './channels/ChannelForm.js';
import { ChannelList } from './channels/ChannelList.js';
import { EditChannel } from './channels/EditChannel.js';
import './channels/channels.css';

const AREA = '/admin/channels';

/**
 * Configuration → Channels (platform-shell 7.4): the list at `/admin/channels`, the form at `/admin/channels/new` and
 * `/admin/channels/<id>`. The form is a page, not a dialog: a vendor can have seven fields and a hint, and a page's
 * URL can be opened again.
 */
export function ChannelsScreen() {
  const navigate = useNavigate();
  const sub = useLocation({ select: (l) => l.pathname.slice(AREA.length).replace(/^\/+|\/+$/g, '') });
  const go = useCallback((path = '') => void navigate({ to: path ? `${AREA}/${path}` : AREA }), [navigate]);
  const toList = useCallback(() => go(), [go]);
  if (sub === 'new') return <ChannelForm editing={null} onDone={toList} />;
  if (sub) return <EditChannel channelId={decodeURIComponent(sub)} onDone={toList} />;
  return <ChannelList onAdd={() => go('new')} onEdit={(id) => go(encodeURIComponent(id))} />;
}
