import { ALWAYS_OPEN, type DayHours, type WorkingHours } from '@parley/sdk/contract/chat-config';

/** The editor's model of a department's chat settings: minutes rather than seconds, and "always open" as a flag. */
export interface HoursForm {
  useDefaultTimeout: boolean;
  timeoutMinutes: number;
  alwaysOpen: boolean;
  timeZone: string;
  days: { open: boolean; from: string; to: string }[];
}

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export function formOf(missedAfterSeconds: number | null, hours: WorkingHours | null, defaultSeconds: number): HoursForm {
  const start = hours ?? ALWAYS_OPEN(browserZone());
  return {
    useDefaultTimeout: missedAfterSeconds === null,
    timeoutMinutes: Math.round((missedAfterSeconds ?? defaultSeconds) / 60),
    alwaysOpen: hours === null,
    timeZone: start.timeZone,
    days: start.days.map((d: DayHours) => ({ open: d !== null, from: d?.open ?? '09:00', to: d?.close ?? '18:00' })),
  };
}

export function settingsOf(form: HoursForm): { missedAfterSeconds: number | null; workingHours: WorkingHours | null } {
  return {
    missedAfterSeconds: form.useDefaultTimeout ? null : Math.round(form.timeoutMinutes * 60),
    workingHours: form.alwaysOpen ? null : { timeZone: form.timeZone, days: form.days.map((d) => (d.open ? { open: d.from, close: d.to } : null)) },
  };
}

/** The time zones the browser knows (the server checks with the same Intl data). */
export const timeZones = (): string[] => (typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['UTC']);
