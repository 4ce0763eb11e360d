import { createMemoryHistory, createRouter, isRedirect, type AnyRoute } from '@tanstack/react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Profile } from '@parley/sdk/contract/profile';
import { MENU } from './layout/menu-items.js';
import { parseChannelSearch } from './screens/admin/channels/channel-search.js';
import { parseTemplateSearch } from './screens/admin/templates/template-search.js';
import { parseBroadcastSearch } from './screens/broadcast/broadcast-search.js';
import { parseDepartmentSearch } from './screens/departments/department-search.js';
import { routeTree } from './router.js';
import { Welcome } from './routes/lazy-screen.js';
import { useSession } from './stores/session-store.js';

// Spectrum's toast stack imports CSS, which Node cannot load; the tree is what is tested here, the toast only heard.
const { showToast } = vi.hoisted(() => ({ showToast: vi.fn() }));
vi.mock('@parley/elements/internal/toasts', () => ({ ToastStack: () => null, showToast }));

const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: ['/'] }) });
/** The route a URL opens: the deepest match (a not-found URL has none of its own). */
const routeById = (id: string | undefined) => (id ? (router.routesById as Record<string, AnyRoute>)[id] : undefined);
const routeOf = (href: string) => {
  const [pathname, search = ''] = href.split('?');
  const matches = router.matchRoutes(pathname!, Object.fromEntries(new URLSearchParams(search)));
  return matches.at(-1)?.routeId;
};

describe('route tree: every built deep URL opens its own route, no catch-all', () => {
  it.each([
    ['/admin/channels', '/console/admin/channels/'],
    ['/admin/channels/new', '/console/admin/channels/new'],
    ['/admin/channels/0b7f5e3c-6c1e-4f53-9a3e-1f2a3b4c5d6e', '/console/admin/channels/$channelId'],
    ['/admin/messageTemplate/whatsapp', '/console/admin/messageTemplate/whatsapp/'],
    ['/admin/messageTemplate/whatsapp/new', '/console/admin/messageTemplate/whatsapp/new'],
    ['/admin/messageTemplate/whatsapp/tpl-1', '/console/admin/messageTemplate/whatsapp/$templateId'],
    ['/campaigns/broadcast', '/console/campaigns/broadcast/'],
    ['/campaigns/broadcast/', '/console/campaigns/broadcast/'],
    ['/campaigns/broadcast/create', '/console/campaigns/broadcast/create'],
    ['/campaigns/broadcast/b-1', '/console/campaigns/broadcast/$broadcastId'],
    ['/customer-master/customers', '/console/customer-master/customers'],
    ['/customer-master/customers/view/c-1', '/console/customer-master/customers/view/$customerId'],
    ['/customer-master/customers/segment/s-1/create', '/console/customer-master/customers/segment/$segmentId/create'],
    ['/customer-master/uploadfile/s-1', '/console/customer-master/uploadfile/$segmentId'],
    ['/customer-master/error/u-1', '/console/customer-master/error/$uploadId'],
    ['/bots', '/console/bots/'],
    ['/bots/a-1', '/console/bots/$agentId'],
    ['/bots/a-1/prompt', '/console/bots/$agentId/$tab'],
    ['/bots/a-1/entity-list/create', '/console/bots/$agentId/entity-list/create'],
    ['/bots/a-1/entity-list/e-1', '/console/bots/$agentId/entity-list/$entityId'],
    ['/bots/integration/a-1/gen-ai', '/console/bots/integration/$agentId/$from'],
    ['/nlp-report/overview', '/console/nlp-report/overview'],
    ['/content-library', '/console/content-library'],
    ['/admin/users?tab=invitations', '/console/admin/users'],
  ])('%s → %s', (href, routeId) => {
    expect(routeOf(href)).toBe(routeId);
  });

  it('sends the unbuilt areas, and the unbuilt screens of built ones, to the welcome page', () => {
    for (const href of ['/journey/workspace', '/admin/analytics/config', '/admin/richcard', '/campaigns/campaigns-list', '/chat/unknown', '/whatsapp-flow']) {
      expect(routeById(routeOf(href))?.options.component, href).toBe(Welcome);
    }
  });

  it('opens a route for every destination of the side menu', () => {
    const destinations = MENU.flatMap((s) => s.groups.flatMap((g) => g.items.map((i) => i.to)));
    expect(destinations.length).toBeGreaterThan(40);
    for (const to of destinations) expect(routeOf(to), to).toMatch(/^\/console\//);
  });
});

describe('the elements that route inside themselves get their spec path from the route', () => {
  beforeAll(() => {
    const permissions = ['NLP.VIEW', 'CUSTOMER.VIEW', 'CHANNELS.VIEW'];
    useSession.setState({ token: 'test', profile: { permissions } as unknown as Profile });
  });
  /** The open route's context once `href` has loaded: what its guards and params gave. */
  const contextAt = async (href: string) => {
    const opened = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: [href] }) });
    await opened.load();
    return opened.state.matches.at(-1)?.context as Record<string, unknown> | undefined;
  };
  /** Where a route's guard sends `href` (Node runs the router as a server, which does not follow redirects). */
  const redirectOf = (href: string) => {
    const [match] = router.matchRoutes(href, {}).slice(-1);
    try {
      routeById(match?.routeId)?.options.beforeLoad?.({ params: match?.params, location: { href } });
    } catch (thrown) {
      if (isRedirect(thrown)) return router.buildLocation(thrown.options as never).pathname;
      throw thrown;
    }
    return undefined;
  };

  it.each([
    ['/bots', 'bots'],
    ['/bots/a%201/intents', 'bots/a%201/intents'],
    ['/bots/a-1/entity-list/system', 'bots/a-1/entity-list/system'],
    ['/bots/integration/a-1/prompt', 'bots/integration/a-1/prompt'],
  ])('designer %s → view %s', async (href, view) => {
    expect((await contextAt(href))?.designerView).toBe(view);
  });

  it.each([
    ['/customer-master', 'customers'],
    ['/customer-master/customers/all/create', 'customers/all/create'],
    ['/customer-master/customers/view/c%2F1', 'customers/view/c%2F1'],
    ['/customer-master/uploads/s-1', 'uploads/s-1'],
  ])('customer master %s → view %s', async (href, view) => {
    expect((await contextAt(href))?.masterView).toBe(view);
  });

  it('sends an agent tab the designer does not have to the agent itself, and other template kinds to WhatsApp', () => {
    expect(redirectOf('/bots/a-1/no-such-tab')).toBe('/bots/a-1');
    expect(redirectOf('/bots/integration/a-1/no-such-tab')).toBe('/bots/integration/a-1');
    expect(redirectOf('/admin/messageTemplate/sms')).toBe('/admin/messageTemplate/whatsapp');
    expect(redirectOf('/admin/messageTemplate')).toBe('/admin/messageTemplate/whatsapp');
  });

  it('refuses a screen to whoever lacks its permission', async () => {
    expect(redirectOf('/bots/a-1')).toBeUndefined();
    expect(redirectOf('/campaigns/broadcast/create')).toBe('/dashboard');
    // The console loads its toast module on first use, so the toast follows a moment later.
    await vi.waitFor(() => expect(showToast).toHaveBeenCalledWith('Access Denied', 'error'));
  });
});

describe('the lists keep their page, filters and sort in the URL', () => {
  /** What a list screen reads at `href`: the router's parse of the URL, its route's validateSearch, the screen's schema. */
  const searchAt = (href: string, parse: (raw: unknown) => object) => {
    const location = router.parseLocation(createMemoryHistory({ initialEntries: [href] }).location);
    return parse(router.matchRoutes(location.pathname, location.search).at(-1)?.search);
  };
  const LISTS = [
    {
      path: '/admin/channels',
      parse: parseChannelSearch,
      full: { name: 'Sandbox 2', type: 1, from: 40, sort: 'updated', dir: 'desc' },
      bad: '?name=%20&type=99&from=abc&sort=webhook&dir=up',
    },
    {
      path: '/admin/messageTemplate/whatsapp',
      parse: parseTemplateSearch,
      full: { channelId: 'ch-1', name: '123', status: 'PENDING', from: 20, sort: 'name' },
      bad: '?status=LOST&from=-20&sort=actions&dir=sideways&channelId=',
    },
    {
      path: '/campaigns/broadcast',
      parse: parseBroadcastSearch,
      full: { name: 'promo', start: '2024-01-01', end: '2024-01-31', from: 60, sort: 'created', dir: 'desc' },
      bad: '?start=2024-02-30&end=2024-01-31&from=1e9&sort=status',
    },
    { path: '/admin/departments', parse: parseDepartmentSearch, full: { sort: 'members', dir: 'desc' }, bad: '?sort=actions&dir=up' },
  ] as const;

  it.each(LISTS)('$path: no search is the defaults', ({ path, parse }) => {
    expect(searchAt(path, parse)).toEqual({});
  });

  it.each(LISTS)('$path: a hand-edited URL with bad values opens the defaults, not an error', ({ path, parse, bad }) => {
    expect(routeOf(path + bad)).toBe(routeOf(path));
    expect(searchAt(path + bad, parse)).toEqual({});
  });

  it.each(LISTS)('$path: a search survives being written to the URL and read back', ({ path, parse, full }) => {
    const { href } = router.buildLocation({ to: path, search: full } as never);
    expect(href.startsWith(`${path}?`)).toBe(true);
    expect(searchAt(href, parse)).toEqual(full);
  });

  it('rounds a page offset down to a page start and keeps the good values beside bad ones', () => {
    expect(searchAt('/admin/channels?from=45&type=abc&name=wa', parseChannelSearch)).toEqual({ from: 40, name: 'wa' });
    // The dates go together: an end before the start, or one date alone, is the default last 7 days.
    expect(searchAt('/campaigns/broadcast?start=2024-02-01&end=2024-01-01&name=x', parseBroadcastSearch)).toEqual({ name: 'x' });
    expect(searchAt('/campaigns/broadcast?start=2024-02-01', parseBroadcastSearch)).toEqual({});
  });
});
