import { useLocation } from '@tanstack/react-router';
import { BroadcastHistory } from './BroadcastHistory.js';
import { SenderScreen } from './SenderScreen.js';
import './broadcast.css';

export const BROADCAST_AREA = '/campaigns/broadcast';

/**
 * The broadcast routes (customer-master-and-broadcast 2, "routes '' list, create, :id"): `/campaigns/broadcast` is
 * the history, `/campaigns/broadcast/create` the send form, `/campaigns/broadcast/<id>` a sent broadcast, read-only.
 */
export function BroadcastScreen() {
  const rest = useLocation({ select: (l) => l.pathname.slice(BROADCAST_AREA.length).replace(/^\/+|\/+$/g, '') });
  if (!rest) return <BroadcastHistory />;
  if (rest === 'create') return <SenderScreen mode="create" />;
  return <SenderScreen key={rest} mode="view" broadcastId={decodeURIComponent(rest.split('/')[0]!)} />;
}
