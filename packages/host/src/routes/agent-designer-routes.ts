import { createRoute, redirect } from '@tanstack/react-router';
import { ACCESS } from '@parley/sdk/contract/access';
import { paths, type AgentTab } from '@parley/elements/parley-agent-designer/designer-routes';
import { requirePermission } from './guards.js';
import { screen } from './lazy-screen.js';
import { consoleRoute } from './shell-routes.js';

/**
 * The agent area (agent-designer 2). `<parley-agent-designer>` routes inside itself: each of its screens has a URL
 * here, and the route hands the element its spec path as `designerView`, built from the route's params with the
 * element's own `paths`. The area route owns the element, so moving between its screens keeps it (and its blocker).
 */
export const designerArea = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/bots',
  component: screen(() => import('../screens/AgentDesignerScreen.js'), 'AgentDesignerScreen'),
  beforeLoad: requirePermission(ACCESS.nlp.read),
});

const TABS: readonly AgentTab[] = ['intents', 'entity-list', 'configuration', 'conversation', 'gen-ai', 'call-classification', 'sentiment', 'prompt'];
const agentTab = (tab: string) => TABS.find((t) => t === tab);

/** The agents list. The blocker of unsaved intents tells it from the rest of the area: leaving to it asks too. */
export const agentList = createRoute({ getParentRoute: () => designerArea, path: '/', beforeLoad: () => ({ designerView: paths.agents() }) });
const integration = createRoute({ getParentRoute: () => designerArea, path: 'integration', beforeLoad: () => ({ designerView: paths.integration() }) });
const agentIntegration = createRoute({
  getParentRoute: () => designerArea,
  path: 'integration/$agentId',
  beforeLoad: ({ params }) => ({ designerView: paths.integration(params.agentId) }),
});
/** `from` is the agent tab that opened the form; one the designer does not have sends the form back to no tab. */
const agentIntegrationFrom = createRoute({
  getParentRoute: () => designerArea,
  path: 'integration/$agentId/$from',
  beforeLoad: ({ params }) => {
    const from = agentTab(params.from);
    if (!from) throw redirect({ to: '/bots/integration/$agentId', params: { agentId: params.agentId }, replace: true });
    return { designerView: paths.integration(params.agentId, from) };
  },
});
const agent = createRoute({
  getParentRoute: () => designerArea,
  path: '$agentId',
  beforeLoad: ({ params }) => ({ designerView: paths.agent(params.agentId) }),
});
/** A tab the designer does not have opens the agent itself. */
const agentTabRoute = createRoute({
  getParentRoute: () => designerArea,
  path: '$agentId/$tab',
  beforeLoad: ({ params }) => {
    const tab = agentTab(params.tab);
    if (!tab) throw redirect({ to: '/bots/$agentId', params: { agentId: params.agentId }, replace: true });
    return { designerView: paths.agent(params.agentId, tab) };
  },
});
const entities = createRoute({
  getParentRoute: () => designerArea,
  path: '$agentId/entity-list',
  beforeLoad: ({ params }) => ({ designerView: paths.entityList(params.agentId) }),
});
const customEntities = createRoute({
  getParentRoute: () => designerArea,
  path: '$agentId/entity-list/custom',
  beforeLoad: ({ params }) => ({ designerView: paths.entityList(params.agentId, 'custom') }),
});
const systemEntities = createRoute({
  getParentRoute: () => designerArea,
  path: '$agentId/entity-list/system',
  beforeLoad: ({ params }) => ({ designerView: paths.entityList(params.agentId, 'system') }),
});
const newEntity = createRoute({
  getParentRoute: () => designerArea,
  path: '$agentId/entity-list/create',
  beforeLoad: ({ params }) => ({ designerView: paths.entityCreate(params.agentId) }),
});
const entity = createRoute({
  getParentRoute: () => designerArea,
  path: '$agentId/entity-list/$entityId',
  beforeLoad: ({ params }) => ({ designerView: paths.entityEdit(params.agentId, params.entityId) }),
});

export const agentDesignerRoutes = designerArea.addChildren([
  agentList,
  integration,
  agentIntegration,
  agentIntegrationFrom,
  agent,
  agentTabRoute,
  entities,
  customEntities,
  systemEntities,
  newEntity,
  entity,
]);
