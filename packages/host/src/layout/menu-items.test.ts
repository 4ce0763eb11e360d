import { describe, expect, it } from 'vitest';
import { ROLE_PERMISSIONS, Roles } from '@parley/sdk/contract/permissions';
import { MENU, activeItemKey, menuPaths, visibleMenu, type MenuContext } from './menu-items.js';

const all = visibleMenu({
  permissions: MENU.flatMap((s) => s.groups.flatMap((g) => g.items.flatMap((i) => [...i.permissions]))),
  recordExtCampaign: true,
  artifactsEnabled: true,
});

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

/** What a role sees: each section's groups, each group's items as `label → href`, in menu order. */
const shown = (permissions: readonly string[], extra: Partial<MenuContext> = {}) =>
  visibleMenu({ permissions, recordExtCampaign: false, artifactsEnabled: false, ...extra }).map((s) => ({
    section: s.label,
    groups: s.groups.map((g) => ({ group: g.label, items: g.items.map((i) => `${i.label} → ${i.to}`) })),
  }));

describe('side menu by role', () => {
  it('shows a Report Viewer the reports of each area it covers, in menu order, and nothing to configure or manage but Delivery Report', () => {
    expect(shown(ROLE_PERMISSIONS[Roles.REPORT_VIEWER])).toEqual([
      {
        section: 'MODULE',
        groups: [
          { group: 'Chat', items: ['Analytics → /chat/analytics'] },
          // Rejected is for anyone with a campaign permission, the report's included.
          { group: 'Campaigns', items: ['Rejected → /campaigns/reject', 'Campaign Report → /campaigns/report'] },
          { group: 'Journey', items: ['Reports → /journey/reports'] },
          { group: 'Agentic AI', items: ['Skills → /bots', 'Analytics → /nlp-report/overview'] },
          { group: 'Analytics', items: ['Analytics → /admin/analytics'] },
        ],
      },
      { section: 'MANAGE', groups: [{ group: 'Delivery Report', items: ['Delivery Report → /admin/report'] }] },
    ]);
  });

  it('shows Handle Chats the chat items, with Just In Time last, and the customers', () => {
    expect(shown(ROLE_PERMISSIONS[Roles.HANDLE_CHATS])).toEqual([
      {
        section: 'MODULE',
        groups: [
          { group: 'Chat', items: ['Conversation → /chat/conversation', 'History → /chat/history', 'Just In Time → /campaigns/broadcast/'] },
          { group: 'Customers', items: ['Customers → /customer-master/customers', 'Uploads → /customer-master/uploads'] },
        ],
      },
    ]);
  });

  it('shows an item to a holder of any one of its permissions', () => {
    for (const one of ['USERS.ADD', 'USERS.EDIT', 'USERS.VIEW']) {
      expect(shown([one])).toEqual([{ section: 'MANAGE', groups: [{ group: 'Users', items: ['Users → /admin/users'] }] }]);
    }
  });

  it('shows nothing to a user without permissions, and ignores permissions no item asks for', () => {
    expect(shown([])).toEqual([]);
    expect(shown(['NOT.A_PERMISSION'])).toEqual([]);
  });

  it('shows External Campaign Report only when the enterprise records external campaigns', () => {
    const report = (recordExtCampaign: boolean) =>
      shown(['CAMPAIGNS.VIEW_CAMPAIGNREPORT'], { recordExtCampaign })[0]!.groups.find((g) => g.group === 'Campaigns')!.items;
    expect(report(false)).toEqual(['Rejected → /campaigns/reject', 'Campaign Report → /campaigns/report']);
    expect(report(true)).toEqual([
      'Rejected → /campaigns/reject',
      'Campaign Report → /campaigns/report',
      'External Campaign Report → /campaigns/externalreport',
    ]);
  });

  it('shows an administrator every section and group in the spec’s order', () => {
    const menu = visibleMenu({ permissions: ROLE_PERMISSIONS[Roles.ADMINISTRATOR], recordExtCampaign: true, artifactsEnabled: true });
    expect(menu.map((s) => s.label)).toEqual(['MODULE', 'CONFIGURATION', 'MANAGE']);
    expect(menu.map((s) => s.groups.map((g) => g.label))).toEqual(MENU.map((s) => s.groups.map((g) => g.label)));
  });

  it('keeps a one-item group a plain link, and a bigger group a group when filtered down to one item', () => {
    const menu = visibleMenu({ permissions: ['CHAT.VIEW_ANALYTICS', 'CHANNELS.VIEW'], recordExtCampaign: false, artifactsEnabled: false });
    const group = (label: string) => menu.flatMap((s) => s.groups).find((g) => g.label === label)!;
    expect([group('Chat').direct, group('Chat').items.length]).toEqual([undefined, 1]);
    expect(group('Channels').direct).toBe(true);
  });
});

describe('menu paths and the highlighted item', () => {
  it('lists every href without its trailing slash, each an absolute path', () => {
    const paths = menuPaths();
    expect(paths).toContain('/campaigns/broadcast');
    expect(paths.filter((p) => !/^\/[a-z]/.test(p) || p.endsWith('/'))).toEqual([]);
  });

  it('lights the first item in menu order when two lead to the same screen', () => {
    expect(activeItemKey('/campaigns/broadcast', all)).toBe('Chat|Just In Time');
  });

  it('matches whole path segments only, and lights nothing outside the menu', () => {
    expect(activeItemKey('/admin/analyticsx', all)).toBeUndefined();
    expect(activeItemKey('/chat/history/123', all)).toBe('Chat|History');
    expect(activeItemKey('/profile', all)).toBeUndefined();
  });
});
