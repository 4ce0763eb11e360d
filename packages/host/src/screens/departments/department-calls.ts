import { firstValueFrom } from 'rxjs';
import { departmentsApi, type Department, type MappedUser } from '@parley/sdk/contract/departments';
import { usersApi } from '@parley/sdk/contract/users';
import { ParleyError } from '@parley/sdk/parley-error';
import { api } from '../../stores/session-store.js';

/** The Departments screen's calls as promises (useAsyncList and dialogs await them). */
export const departmentCalls = {
  list: (): Promise<Department[]> => firstValueFrom(api.callPage(departmentsApi.list, { perPage: 200 })).then((p) => p.data),
  save: (input: { deptId?: string; name: string; desc: string; manager: string }): Promise<Department> =>
    firstValueFrom(input.deptId ? api.call(departmentsApi.update, { ...input, deptId: input.deptId }) : api.call(departmentsApi.create, input)),
  delete: (deptId: string) => firstValueFrom(api.call(departmentsApi.delete, { deptId })),
  users: (deptId: string, mapped: boolean, name: string): Promise<{ rows: MappedUser[]; more: boolean }> =>
    firstValueFrom(api.callPage(departmentsApi.mappedUsers, { deptId, mapped, name: name || undefined })).then((p) => ({ rows: p.data, more: p.more })),
  add: (deptId: string, users: string[]) => firstValueFrom(api.call(departmentsApi.addUsers, { deptId, users })),
  remove: (deptId: string, users: string[]) => firstValueFrom(api.call(departmentsApi.removeUsers, { deptId, users })),
  /** Candidates for manager: the enterprise's active users. */
  managers: () => firstValueFrom(api.callPage(usersApi.list, { state: 1, perPage: 500 })).then((p) => p.data),
};

/** A refused save's field errors by field, for the form to show beside each field. */
export const fieldErrors = (error: unknown): Record<string, string> =>
  error instanceof ParleyError ? Object.fromEntries(error.errors.map((e) => [e.field, e.message])) : {};
