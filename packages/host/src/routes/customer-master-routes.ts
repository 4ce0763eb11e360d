import { createRoute } from '@tanstack/react-router';
import { ACCESS } from '@parley/sdk/contract/access';
import { paths } from '@parley/elements/parley-customer-master/master-routes';
import { requirePermission } from './guards.js';
import { screen } from './lazy-screen.js';
import { consoleRoute } from './shell-routes.js';

/**
 * `<parley-customer-master>` routes inside itself (customer-master 2): each of its screens has a URL here, and the
 * route hands the element its spec path as `masterView`, built from the route's params with the element's own
 * `paths`, so the two never disagree. The area route owns the element, so moving between its screens keeps it.
 */
const area = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/customer-master',
  component: screen(() => import('../screens/CustomerMasterScreen.js'), 'CustomerMasterScreen'),
  beforeLoad: requirePermission([...ACCESS.customers.read, ...ACCESS.customerDefinitions.read]),
});
const view = (masterView: string) => () => ({ masterView });
const at = <P extends string>(path: P, masterView: string) => createRoute({ getParentRoute: () => area, path, beforeLoad: view(masterView) });

const byParams = [
  createRoute({
    getParentRoute: () => area,
    path: 'customers/view/$customerId',
    beforeLoad: ({ params }) => ({ masterView: paths.customer(params.customerId) }),
  }),
  createRoute({
    getParentRoute: () => area,
    path: 'customers/segment/$segmentId',
    beforeLoad: ({ params }) => ({ masterView: paths.customers({ segmentId: params.segmentId }) }),
  }),
  createRoute({
    getParentRoute: () => area,
    path: 'customers/segment/$segmentId/create',
    beforeLoad: ({ params }) => ({ masterView: paths.createCustomer({ segmentId: params.segmentId }) }),
  }),
  createRoute({ getParentRoute: () => area, path: 'uploads/$segmentId', beforeLoad: ({ params }) => ({ masterView: paths.uploads(params.segmentId) }) }),
  createRoute({ getParentRoute: () => area, path: 'uploadfile/$segmentId', beforeLoad: ({ params }) => ({ masterView: paths.uploadFile(params.segmentId) }) }),
  createRoute({ getParentRoute: () => area, path: 'error/$uploadId', beforeLoad: ({ params }) => ({ masterView: paths.errors(params.uploadId) }) }),
];

export const customerMasterRoutes = area.addChildren([
  at('/', paths.customers()),
  at('customers', paths.customers()),
  at('customers/create', paths.createCustomer()),
  at('customers/all', paths.customers('all')),
  at('customers/all/create', paths.createCustomer('all')),
  at('definition', paths.definitions()),
  at('definition/add', paths.addDefinition()),
  // The spec's older name for adding a definition.
  at('define-customer/create', 'define-customer/create'),
  at('uploads', paths.uploads()),
  ...byParams,
]);
