/**
 * The customer-master route table (customer-master 2), parsed from the spec path the host passes as `view`
 * (`customers`, `customers/view/{id}`, `uploadfile/{segmentId}`, `error/{uploadId}`, ...). The element renders from
 * this alone, so the host's URL and the element's screen never disagree.
 */
/**
 * Which customers the list shows: every one ('all'), one segment's, or (null) the spec's default, the first segment.
 * It is in the path (`customers/all`, `customers/segment/{id}`), so Add Customer can return to it and a reload keeps it.
 */
export type ListScope = 'all' | { segmentId: string } | null;

export type MasterRoute =
  | { screen: 'customers'; scope: ListScope }
  /** `scope`: the list a new customer was added from; it pre-ticks its segment and is where Save and Cancel return. */
  | { screen: 'customer-form'; customerId: string | null; scope: ListScope }
  | { screen: 'definitions'; adding: boolean }
  | { screen: 'uploads'; segmentId: string | null }
  | { screen: 'upload-file'; segmentId: string }
  | { screen: 'errors'; uploadId: string };

export function parseView(view: string | undefined | null): MasterRoute {
  const parts = (view ?? '')
    .replace(/^\/+|\/+$/g, '')
    .split('/')
    .filter(Boolean)
    .map(decodeURIComponent);
  const [first, second, third, fourth] = parts;
  if (first === 'customers' && second === 'create') return { screen: 'customer-form', customerId: null, scope: null };
  if (first === 'customers' && second === 'view' && third) return { screen: 'customer-form', customerId: third, scope: null };
  if (first === 'customers' && second === 'all')
    return third === 'create' ? { screen: 'customer-form', customerId: null, scope: 'all' } : { screen: 'customers', scope: 'all' };
  if (first === 'customers' && second === 'segment' && third) {
    const scope = { segmentId: third };
    return fourth === 'create' ? { screen: 'customer-form', customerId: null, scope } : { screen: 'customers', scope };
  }
  if (first === 'definition') return { screen: 'definitions', adding: second === 'add' };
  if (first === 'define-customer' && second === 'create') return { screen: 'definitions', adding: true };
  if (first === 'uploads') return { screen: 'uploads', segmentId: second ?? null };
  if (first === 'uploadfile' && second) return { screen: 'upload-file', segmentId: second };
  if (first === 'error' && second) return { screen: 'errors', uploadId: second };
  return { screen: 'customers', scope: null };
}

const id = encodeURIComponent;
const listPath = (scope: ListScope) => (scope === null ? 'customers' : scope === 'all' ? 'customers/all' : `customers/segment/${id(scope.segmentId)}`);
export const paths = {
  customers: (scope: ListScope = null) => listPath(scope),
  createCustomer: (scope: ListScope = null) => (scope === null ? 'customers/create' : `${listPath(scope)}/create`),
  customer: (customerId: string) => `customers/view/${id(customerId)}`,
  definitions: () => 'definition',
  addDefinition: () => 'definition/add',
  uploads: (segmentId?: string | null) => (segmentId ? `uploads/${id(segmentId)}` : 'uploads'),
  uploadFile: (segmentId: string) => `uploadfile/${id(segmentId)}`,
  errors: (uploadId: string) => `error/${id(uploadId)}`,
};
