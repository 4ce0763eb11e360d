import { z } from 'zod';
import { ChatConfigMessages } from './chat-config-texts.js';

/**
 * A department's working hours: a time zone and, per weekday (Sunday first), the opening and closing time, or null
 * when closed all day. '24:00' closes at midnight, so '00:00'–'24:00' is the whole day. A closing time before the
 * opening time is a night shift: Friday 22:00–06:00 is open from Friday 22:00 to Saturday 06:00. No hours at all
 * (null on the department) means always open.
 */
const time = (allowMidnight: boolean) =>
  z.string().regex(allowMidnight ? /^(?:([01]\d|2[0-3]):[0-5]\d|24:00)$/ : /^([01]\d|2[0-3]):[0-5]\d$/, { error: ChatConfigMessages.badTime });

export const dayHours = z
  .object({ open: time(false), close: time(true) })
  .refine((d) => d.close !== d.open, { error: ChatConfigMessages.closeIsOpen, path: ['close'] })
  .nullable();

export const isTimeZone = (zone: string): boolean => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

export const workingHours = z.object({
  timeZone: z.string().min(1).max(64).refine(isTimeZone, { error: ChatConfigMessages.badTimeZone }),
  days: z.array(dayHours).length(7),
});
export type WorkingHours = z.infer<typeof workingHours>;
export type DayHours = z.infer<typeof dayHours>;

const WEEKDAY_INDEX: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

/** Whether the hours are open at an instant, read on the department's own clock. */
export function isOpenAt(hours: WorkingHours | null | undefined, at: Date): boolean {
  if (!hours) return true;
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: hours.timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const weekday = WEEKDAY_INDEX[part('weekday')] ?? 0;
  const day = hours.days[weekday];
  const dayBefore = hours.days[(weekday + 6) % 7];
  const now = `${part('hour').padStart(2, '0')}:${part('minute').padStart(2, '0')}`;
  const overnight = (d: NonNullable<DayHours>) => d.close < d.open;
  // Today's hours, running to midnight when they are a night shift; or the tail of yesterday's night shift.
  if (day && now >= day.open && (overnight(day) || now < day.close)) return true;
  return !!dayBefore && overnight(dayBefore) && now < dayBefore.close;
}

/** Every day, all day: the demo's hours, and where the editor starts. */
export const ALWAYS_OPEN = (timeZone: string): WorkingHours => ({ timeZone, days: Array.from({ length: 7 }, () => ({ open: '00:00', close: '24:00' })) });
