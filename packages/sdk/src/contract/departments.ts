import { z } from 'zod';
import { DepartmentLimits, DepartmentMessages } from './department-texts.js';
import { endpoint } from './endpoint.js';
import { formBoolean, jsonText, requiredText } from './fields.js';
import { pageFrom } from './paging.js';

export { DepartmentLimits, DepartmentMessages, departmentInUse } from './department-texts.js';

/**
 * Departments (platform-shell 3 "Department": name, desc, manager; 7.4). A department's members take the chats of its
 * channels (a channel names it by `deptId`); `mapped_users` lists its members (`mapped=true`) or the users who are not
 * (`mapped=false`), 30 a page.
 */
export const department = z.object({
  deptId: z.string(),
  name: z.string(),
  desc: z.string(),
  manager: z.string().nullable(),
  managerName: z.string(),
  memberCount: z.number(),
  channelCount: z.number(),
  createdOn: z.string(),
  updatedOn: z.string(),
});
export type Department = z.infer<typeof department>;

export const mappedUser = z.object({ uId: z.string(), name: z.string(), emailId: z.string() });
export type MappedUser = z.infer<typeof mappedUser>;

const deptId = z.string({ error: DepartmentMessages.notFound }).min(1).max(100);
const departmentInput = z.object({
  name: requiredText(DepartmentLimits.nameChars),
  desc: z.string().max(DepartmentLimits.descChars).default(''),
  /** A user of the enterprise; empty for none. */
  manager: z.string().max(100).nullish(),
});
const userIds = jsonText(z.array(z.string().min(1).max(100)).min(1, { error: 'Select at least one user' }).max(DepartmentLimits.usersPerCall));

export const departmentsApi = {
  list: endpoint({
    method: 'GET',
    path: 'e/enterprise/departments',
    input: z.object({ from: pageFrom(), perPage: z.coerce.number().int().min(1).max(200).default(100), name: z.string().max(100).optional() }),
    reply: z.array(department),
  }),
  get: endpoint({ method: 'GET', path: 'e/enterprise/departments/:deptId', input: z.object({ deptId }), reply: department }),
  create: endpoint({ method: 'POST', path: 'e/enterprise/departments', input: departmentInput, reply: department }),
  update: endpoint({ method: 'PUT', path: 'e/enterprise/departments/:deptId', input: departmentInput.extend({ deptId }), reply: department }),
  delete: endpoint({ method: 'DELETE', path: 'e/enterprise/departments/:deptId', input: z.object({ deptId }), reply: z.null() }),
  mappedUsers: endpoint({
    method: 'GET',
    path: 'e/enterprise/departments/:deptId/mapped_users',
    input: z.object({
      deptId,
      mapped: formBoolean.default(true),
      name: z.string().max(100).optional(),
      from: pageFrom(),
      perPage: z.coerce.number().int().min(1).max(100).default(DepartmentLimits.mappedUsersPage),
    }),
    reply: z.array(mappedUser),
  }),
  addUsers: endpoint({ method: 'PUT', path: 'e/enterprise/departments/:deptId/add_users', input: z.object({ deptId, users: userIds }), reply: department }),
  removeUsers: endpoint({
    method: 'PUT',
    path: 'e/enterprise/departments/:deptId/remove_users',
    input: z.object({ deptId, users: userIds }),
    reply: department,
  }),
} as const;
