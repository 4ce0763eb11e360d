import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { ChannelForm } from './channels/ChannelForm.js';
import { ChannelList } from './channels/ChannelList.js';
import { EditChannel } from './channels/EditChannel.js';
import './channels/channels.css';

/**
 * Configuration → Channels (platform-shell 7.4): the list at `/admin/channels`, the form at `/admin/channels/new` and
 * `/admin/channels/<id>`. The form is a page, not a dialog: a vendor can have seven fields and a hint, and a page's
 * URL can be opened again.
 */
const editRoute = getRouteApi('/console/admin/channels/$channelId');

function useToList() {
  const navigate = useNavigate();
  return useCallback(() => void navigate({ to: '/admin/channels' }), [navigate]);
}

export function ChannelListPage() {
  const navigate = useNavigate();
  return (
    <ChannelList
      onAdd={() => void navigate({ to: '/admin/channels/new' })}
      onEdit={(channelId) => void navigate({ to: '/admin/channels/$channelId', params: { channelId } })}
    />
  );
}

export function NewChannelPage() {
  return <ChannelForm editing={null} onDone={useToList()} />;
}

export function EditChannelPage() {
  const { channelId } = editRoute.useParams();
  return <EditChannel key={channelId} channelId={channelId} onDone={useToList()} />;
}
