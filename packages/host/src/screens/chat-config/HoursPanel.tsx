import { Button, Checkbox, ComboBox, Item, NumberField, TextField } from '@adobe/react-spectrum';
import { useMemo, useState } from 'react';
import { ChatConfigLimits, ChatConfigMessages, WEEKDAYS, type DepartmentChatSettings } from '@parley/sdk/contract/chat-config';
import { ParleyError } from '@parley/sdk/parley-error';
import { toast } from '../../stores/toast-store.js';
import { showRefusal } from '../../components/show-refusal.js';
import { chatConfigCalls } from './chat-config-calls.js';
import { formOf, settingsOf, timeZones, type HoursForm } from './hours-form.js';

/** A department's missed-chat timeout and working hours: out of hours a chat is missed at once, past the timeout it is missed too. */
export function HoursPanel({
  dept,
  defaultSeconds,
  onSaved,
}: {
  dept: DepartmentChatSettings;
  defaultSeconds: number;
  onSaved: (d: DepartmentChatSettings) => void;
}) {
  const [form, setForm] = useState<HoursForm>(() => formOf(dept.missedAfterSeconds, dept.workingHours, defaultSeconds));
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);
  // The browser may list a zone by another of its names (Asia/Calcutta for Asia/Kolkata): the saved one is offered too.
  const zones = useMemo(
    () => [...new Set([dept.workingHours?.timeZone, ...timeZones()].filter((z): z is string => Boolean(z)))].map((z) => ({ id: z })),
    [dept.workingHours?.timeZone],
  );
  const set = (patch: Partial<HoursForm>) => setForm((f) => ({ ...f, ...patch }));
  const setDay = (i: number, patch: Partial<HoursForm['days'][number]>) =>
    setForm((f) => ({ ...f, days: f.days.map((d, j) => (j === i ? { ...d, ...patch } : d)) }));

  const save = async () => {
    const { missedAfterSeconds, workingHours } = settingsOf(form);
    setSaving(true);
    setError('');
    try {
      onSaved(await chatConfigCalls.saveDepartment(dept.deptId, missedAfterSeconds, workingHours));
      toast(ChatConfigMessages.saved, 'success');
    } catch (err) {
      setError(err instanceof ParleyError ? err.message : '');
      showRefusal(err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="chat-config-panel" aria-labelledby="hours-title">
      <h2 id="hours-title">Missed chats and working hours</h2>
      <p className="chat-config-hint">
        A chat nobody picks up within the timeout is missed (timed out); one that arrives outside working hours is missed at once.
      </p>
      <div className="hours-timeout">
        <Checkbox isSelected={form.useDefaultTimeout} onChange={(v) => set({ useDefaultTimeout: v })}>
          Use the enterprise&apos;s timeout ({Math.round(defaultSeconds / 60)} min)
        </Checkbox>
        <NumberField
          label="Missed after (minutes)"
          isDisabled={form.useDefaultTimeout}
          minValue={ChatConfigLimits.minMissedAfterSeconds / 60}
          maxValue={ChatConfigLimits.maxMissedAfterSeconds / 60}
          value={form.timeoutMinutes}
          onChange={(v) => set({ timeoutMinutes: Number.isFinite(v) ? v : 1 })}
          width="size-2400"
        />
      </div>
      <Checkbox isSelected={form.alwaysOpen} onChange={(v) => set({ alwaysOpen: v })}>
        Always open (no working hours)
      </Checkbox>
      {!form.alwaysOpen && (
        <div className="hours-week">
          <ComboBox
            label="Time zone"
            defaultItems={zones}
            selectedKey={form.timeZone}
            onSelectionChange={(k) => k && set({ timeZone: String(k) })}
            width="size-3600"
          >
            {(z) => <Item key={z.id}>{z.id}</Item>}
          </ComboBox>
          <div className="hours-grid">
            <span className="hours-head">Day</span>
            <span className="hours-head">Opens</span>
            <span className="hours-head">Closes</span>
            {form.days.map((d, i) => (
              <div key={WEEKDAYS[i]} role="group" aria-label={WEEKDAYS[i]} className="hours-row">
                <Checkbox isSelected={d.open} onChange={(v) => setDay(i, { open: v })}>
                  {WEEKDAYS[i]}
                </Checkbox>
                <TextField aria-label={`${WEEKDAYS[i]} opens`} isDisabled={!d.open} value={d.from} onChange={(v) => setDay(i, { from: v })} width="size-1200" />
                <TextField aria-label={`${WEEKDAYS[i]} closes`} isDisabled={!d.open} value={d.to} onChange={(v) => setDay(i, { to: v })} width="size-1200" />
              </div>
            ))}
          </div>
          <p className="chat-config-hint">
            Times as HH:MM on the department&apos;s clock; 24:00 closes at midnight; a closing time before the opening time runs past midnight (22:00 to 06:00).
            An unticked day is closed.
          </p>
        </div>
      )}
      {error && (
        <p className="chat-config-error" role="alert">
          {error}
        </p>
      )}
      <div className="chat-config-actions">
        <Button variant="accent" isPending={saving} onPress={() => void save()}>
          Save hours
        </Button>
      </div>
    </section>
  );
}
