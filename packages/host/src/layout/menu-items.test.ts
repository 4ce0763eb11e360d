import { describe, expect, it } from 'vitest';
import { MENU, activeItemKey, visibleMenu } from './menu-items.js';

const all = visibleMenu({ permissions: MENU.flatMap((s) => s.groups.flatMap((g) => g.items.flatMap((i) => [...i.permissions]))), recordExtCampaign: true, artifactsEnabled: true });

describe('side menu', () => {
  it('has Broadcast under Campaigns and Just In Time under Chat', () => {
    const group = (label: string) => MENU.flatMap((s) => s.groups).find((g) => g.label === label)!;
    expect(group('Campaigns').items.map((i) => i.label)).toContain('Broadcast');
    expect(group('Chat').items.map((i) => i.label)).toContain('Just In Time');
  });

  it('highlights the deepest item only', () => {
    expect(activeItemKey('/admin/analytics/config', all)).toBe('Analytics Config|Analytics Config');
    expect(activeItemKey('/admin/analytics', all)).toBe('Analytics|Analytics');
    expect(activeItemKey('/customer-master/definition', all)).toBe('Customer Master|Customer Master');
  });

  it('highlights Broadcast for a campaign maker without CHAT.HANDLE', () => {
    const menu = visibleMenu({ permissions: ['CAMPAIGNS.CREATE'], recordExtCampaign: false, artifactsEnabled: false });
    expect(activeItemKey('/campaigns/broadcast', menu)).toBe('Campaigns|Broadcast');
  });
});
