/**
 * The customer-master route table (customer-master 2), parsed from the spec path the host passes as `view`
 * (`customers`, `customers/view/{id}`, `uploadfile/{segmentId}`, `error/{uploadId}`, ...). The element renders from
 * this alone, so the host's URL and the element's screen never disagree.
 */
export type MasterRoute =
  | { screen: 'customers' }
  | { screen: 'customer-form'; customerId: string | null }
  | { screen: 'definitions'; adding: boolean }
  | { screen: 'uploads'; segmentId: string | null }
  | { screen: 'upload-file'; segmentId: string }
  | { screen: 'errors'; uploadId: string };

export function parseView(view: string | undefined | null): MasterRoute {
  const parts = (view ?? '').replace(/^\/+|\/+$/g, '').split('/').filter(Boolean).map(decodeURIComponent);
  const [first, second, third] = parts;
  if (first === 'customers' && second === 'create') return { screen: 'customer-form', customerId: null };
  if (first === 'customers' && second === 'view' && third) return { screen: 'customer-form', customerId: third };
  if (first === 'definition') return { screen: 'definitions', adding: second === 'add' };
  if (first === 'define-customer' && second === 'create') return { screen: 'definitions', adding: true };
  if (first === 'uploads') return { screen: 'uploads', segmentId: second ?? null };
  if (first === 'uploadfile' && second) return { screen: 'upload-file', segmentId: second };
  if (first === 'error' && second) return { screen: 'errors', uploadId: second };
  return { screen: 'customers' };
}

const id = encodeURIComponent;
export const paths = {
  customers: () => 'customers',
  createCustomer: () => 'customers/create',
  customer: (customerId: string) => `customers/view/${id(customerId)}`,
  definitions: () => 'definition',
  addDefinition: () => 'definition/add',
  uploads: (segmentId?: string | null) => (segmentId ? `uploads/${id(segmentId)}` : 'uploads'),
  uploadFile: (segmentId: string) => `uploadfile/${id(segmentId)}`,
  errors: (uploadId: string) => `error/${id(uploadId)}`,
};
