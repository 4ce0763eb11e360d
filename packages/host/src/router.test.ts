import { createMemoryHistory, createRouter, isRedirect, type AnyRoute } from '@tanstack/react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Profile } from '@parley/sdk/contract/profile';
import { MENU } from './layout/menu-items.js';
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
