import { describe, expect, it } from 'vitest';
import type { WorkingHours } from '@parley/sdk/contract/chat-config';
import { formOf, settingsOf } from './hours-form.js';

const weekdays: WorkingHours = {
  timeZone: 'Asia/Kolkata',
  days: [
    null,
    { open: '09:30', close: '17:00' },
    { open: '09:30', close: '17:00' },
    { open: '09:30', close: '17:00' },
    { open: '09:30', close: '17:00' },
    { open: '10:00', close: '14:00' },
    null,
  ],
};

describe('the chat hours form', () => {
  it('shows a department on the defaults as the default timeout and always open', () => {
    const form = formOf(null, null, 300);
    expect([form.useDefaultTimeout, form.timeoutMinutes, form.alwaysOpen]).toEqual([true, 5, true]);
    expect(form.days).toHaveLength(7);
    expect(settingsOf(form)).toEqual({ missedAfterSeconds: null, workingHours: null });
  });

  it('shows its own timeout in minutes and saves it back in seconds', () => {
    const form = formOf(90, null, 300);
    expect([form.useDefaultTimeout, form.timeoutMinutes]).toEqual([false, 2]);
    expect(settingsOf({ ...form, timeoutMinutes: 7 }).missedAfterSeconds).toBe(420);
  });

  it('gives back the working hours it was given, closed days included', () => {
    const form = formOf(600, weekdays, 300);
    expect(form.days[0]).toEqual({ open: false, from: '09:00', to: '18:00' });
    expect(form.days[5]).toEqual({ open: true, from: '10:00', to: '14:00' });
    expect(settingsOf(form)).toEqual({ missedAfterSeconds: 600, workingHours: weekdays });
  });

  it('opens a closed day with the hours typed for it', () => {
    const form = formOf(null, weekdays, 300);
    form.days[6] = { open: true, from: '11:00', to: '13:00' };
    expect(settingsOf(form).workingHours?.days[6]).toEqual({ open: '11:00', close: '13:00' });
  });
});
