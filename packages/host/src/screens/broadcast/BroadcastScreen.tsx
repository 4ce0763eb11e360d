import { getRouteApi } from '@tanstack/react-router';
import { BroadcastHistory } from './BroadcastHistory.js';
import { SenderScreen } from './SenderScreen.js';
import './broadcast.css';

/**
 * The broadcast routes (customer-master-and-broadcast 2, "routes '' list, create, :id"): `/campaigns/broadcast` is
 * the history, `/campaigns/broadcast/create` the send form, `/campaigns/broadcast/<id>` a sent broadcast, read-only.
 */
const viewRoute = getRouteApi('/console/campaigns/broadcast/$broadcastId');

export function BroadcastHistoryPage() {
  return <BroadcastHistory />;
}

export function SendBroadcastPage() {
  return <SenderScreen mode="create" />;
}

export function SentBroadcastPage() {
  const { broadcastId } = viewRoute.useParams();
  return <SenderScreen key={broadcastId} mode="view" broadcastId={broadcastId} />;
}
