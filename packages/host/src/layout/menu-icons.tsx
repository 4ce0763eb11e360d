import Airplane from '@spectrum-icons/workflow/Airplane';
import Algorithm from '@spectrum-icons/workflow/Algorithm';
import Article from '@spectrum-icons/workflow/Article';
import Audio from '@spectrum-icons/workflow/Audio';
import Building from '@spectrum-icons/workflow/Building';
import Campaign from '@spectrum-icons/workflow/Campaign';
import Card from '@spectrum-icons/workflow/Card';
import Channel from '@spectrum-icons/workflow/Channel';
import Chat from '@spectrum-icons/workflow/Chat';
import CreditCard from '@spectrum-icons/workflow/CreditCard';
import Delete from '@spectrum-icons/workflow/Delete';
import Document from '@spectrum-icons/workflow/Document';
import Globe from '@spectrum-icons/workflow/Globe';
import GraphBarVertical from '@spectrum-icons/workflow/GraphBarVertical';
import GraphPie from '@spectrum-icons/workflow/GraphPie';
import History from '@spectrum-icons/workflow/History';
import Image from '@spectrum-icons/workflow/Image';
import Journey from '@spectrum-icons/workflow/Journey';
import LockClosed from '@spectrum-icons/workflow/LockClosed';
import Organisations from '@spectrum-icons/workflow/Organisations';
import Plug from '@spectrum-icons/workflow/Plug';
import Send from '@spectrum-icons/workflow/Send';
import Settings from '@spectrum-icons/workflow/Settings';
import Shop from '@spectrum-icons/workflow/Shop';
import ShoppingCart from '@spectrum-icons/workflow/ShoppingCart';
import Table from '@spectrum-icons/workflow/Table';
import User from '@spectrum-icons/workflow/User';
import UserGroup from '@spectrum-icons/workflow/UserGroup';
import Workflow from '@spectrum-icons/workflow/Workflow';
import type { ComponentType } from 'react';

/** Spectrum workflow icons by the menu's icon names (menu-items.ts stays free of React). */
export const MENU_ICONS: Record<string, ComponentType<{ size?: 'S' }>> = {
  chat: Chat,
  campaigns: Campaign,
  journey: Journey,
  publish: Send,
  ai: Algorithm,
  speech: Audio,
  customers: UserGroup,
  images: Image,
  richcard: Card,
  analytics: GraphBarVertical,
  marketplace: ShoppingCart,
  chatconfig: Settings,
  channels: Channel,
  waba: Globe,
  templates: Document,
  flows: Workflow,
  integration: Plug,
  customermaster: Table,
  analyticsconfig: GraphPie,
  billing: CreditCard,
  details: Building,
  users: User,
  departments: Organisations,
  audit: History,
  delivery: Airplane,
  trash: Delete,
  roles: LockClosed,
  marketlist: Shop,
  report: Article,
};

export function MenuIcon({ name }: { name: string }) {
  const Icon = MENU_ICONS[name] ?? Article;
  return <Icon size="S" />;
}
