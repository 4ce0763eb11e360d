import { firstValueFrom } from 'rxjs';
import {
  chatConfigApi,
  type ChatConfig,
  type ChatLabel,
  type DepartmentChatSettings,
  type LabelColor,
  type WorkingHours,
} from '@parley/sdk/contract/chat-config';
import { api } from '../../stores/session-store.js';

/** Chat Config's calls as promises. */
export const chatConfigCalls = {
  get: (): Promise<ChatConfig> => firstValueFrom(api.call(chatConfigApi.get, {})),
  setSelection: (customChatSelection: boolean) => firstValueFrom(api.call(chatConfigApi.update, { customChatSelection })),
  saveDepartment: (deptId: string, missedAfterSeconds: number | null, workingHours: WorkingHours | null): Promise<DepartmentChatSettings> =>
    firstValueFrom(api.call(chatConfigApi.updateDepartment, { deptId, missedAfterSeconds, workingHours })),
  labels: (deptId: string): Promise<ChatLabel[]> => firstValueFrom(api.call(chatConfigApi.labels, { deptId })),
  saveLabel: (input: { labelId?: string; deptId: string; name: string; color: LabelColor }): Promise<ChatLabel> =>
    firstValueFrom(
      input.labelId
        ? api.call(chatConfigApi.updateLabel, { labelId: input.labelId, name: input.name, color: input.color })
        : api.call(chatConfigApi.createLabel, input),
    ),
  deleteLabel: (labelId: string) => firstValueFrom(api.call(chatConfigApi.deleteLabel, { labelId })),
  order: (deptId: string, labelIds: string[]): Promise<ChatLabel[]> => firstValueFrom(api.call(chatConfigApi.orderLabels, { deptId, labelIds })),
};
