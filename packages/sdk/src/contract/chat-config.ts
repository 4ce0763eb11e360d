import { z } from 'zod';
import { ChatConfigLimits, ChatConfigMessages, LABEL_COLORS } from './chat-config-texts.js';
import { endpoint } from './endpoint.js';
import { formBoolean, jsonText, requiredText } from './fields.js';
import { workingHours } from './working-hours.js';

export { ChatConfigLimits, ChatConfigMessages, LABEL_COLORS, WEEKDAYS } from './chat-config-texts.js';
export type { LabelColor } from './chat-config-texts.js';
export { ALWAYS_OPEN, isOpenAt, isTimeZone, workingHours } from './working-hours.js';
export type { DayHours, WorkingHours } from './working-hours.js';

/**
 * Chat Config (`/admin/chatConfig/chat-config`, CHAT.CHAT_CONFIG): per department its chat labels (platform-shell 7.4
 * "Chat labels: e/chat/config (list by department, create, update, delete, order, details)"), its missed-chat timeout
 * and working hours (issue 35: missed reason 1 timed out, 0 out of working hours), and the enterprise's
 * `chat.customChatSelection` (spec 3): on, agents pick any waiting chat; off, the oldest waiting chat first.
 */
export const chatLabel = z.object({ labelId: z.string(), deptId: z.string(), name: z.string(), color: z.enum(LABEL_COLORS), position: z.number() });
export type ChatLabel = z.infer<typeof chatLabel>;

export const departmentChatSettings = z.object({
  deptId: z.string(),
  name: z.string(),
  /** null: the enterprise's default (`defaultMissedAfterSeconds`). */
  missedAfterSeconds: z.number().nullable(),
  /** null: always open. */
  workingHours: workingHours.nullable(),
  labelCount: z.number(),
});
export type DepartmentChatSettings = z.infer<typeof departmentChatSettings>;

export const chatConfig = z.object({
  customChatSelection: z.boolean(),
  defaultMissedAfterSeconds: z.number(),
  departments: z.array(departmentChatSettings),
});
export type ChatConfig = z.infer<typeof chatConfig>;

const id = (message: string) => z.string({ error: message }).min(1).max(100);
const labelName = requiredText(ChatConfigLimits.labelChars);
const color = z.enum(LABEL_COLORS).default('blue');

export const chatConfigApi = {
  get: endpoint({ method: 'GET', path: 'e/chat/config', input: z.object({}), reply: chatConfig }),
  update: endpoint({ method: 'PUT', path: 'e/chat/config', input: z.object({ customChatSelection: formBoolean }), reply: chatConfig }),
  updateDepartment: endpoint({
    method: 'PUT',
    path: 'e/chat/config/departments/:deptId',
    input: z.object({
      deptId: id('Department not found'),
      missedAfterSeconds: z.coerce
        .number()
        .int({ error: ChatConfigMessages.timeoutRange })
        .min(ChatConfigLimits.minMissedAfterSeconds, { error: ChatConfigMessages.timeoutRange })
        .max(ChatConfigLimits.maxMissedAfterSeconds, { error: ChatConfigMessages.timeoutRange })
        .nullable()
        .default(null),
      workingHours: jsonText(workingHours.nullable()).default(null),
    }),
    reply: departmentChatSettings,
  }),
  labels: endpoint({ method: 'GET', path: 'e/chat/config/labels', input: z.object({ deptId: z.string().max(100).optional() }), reply: z.array(chatLabel) }),
  label: endpoint({
    method: 'GET',
    path: 'e/chat/config/labels/:labelId',
    input: z.object({ labelId: id(ChatConfigMessages.labelNotFound) }),
    reply: chatLabel,
  }),
  createLabel: endpoint({
    method: 'POST',
    path: 'e/chat/config/labels',
    input: z.object({ deptId: id('Department not found'), name: labelName, color }),
    reply: chatLabel,
  }),
  updateLabel: endpoint({
    method: 'PUT',
    path: 'e/chat/config/labels/:labelId',
    input: z.object({ labelId: id(ChatConfigMessages.labelNotFound), name: labelName, color }),
    reply: chatLabel,
  }),
  deleteLabel: endpoint({
    method: 'DELETE',
    path: 'e/chat/config/labels/:labelId',
    input: z.object({ labelId: id(ChatConfigMessages.labelNotFound) }),
    reply: z.null(),
  }),
  orderLabels: endpoint({
    method: 'PUT',
    path: 'e/chat/config/labels/order',
    input: z.object({ deptId: id('Department not found'), labelIds: jsonText(z.array(z.string().max(100)).max(ChatConfigLimits.labelsPerDepartment)) }),
    reply: z.array(chatLabel),
  }),
} as const;
