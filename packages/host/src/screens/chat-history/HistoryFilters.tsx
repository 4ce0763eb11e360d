import { Button, DatePicker, Item, Picker, TextField } from '@adobe/react-spectrum';
import { parseDate, type CalendarDate } from '@internationalized/date';
import { useState, type FormEvent } from 'react';
import { datesReversed, type HistorySearch } from './history-search.js';
import type { Option } from './use-history-options.js';

type Filters = Pick<HistorySearch, 'customer' | 'agentId' | 'channelId' | 'fromDate' | 'toDate'>;
const ALL = '__all__';

const dateOf = (day?: string): CalendarDate | null => (day ? parseDate(day) : null);

/** Customer, agent, channel and the days; Search applies them (back to the first page), Clear drops them all. */
export function HistoryFilters({
  applied,
  agents,
  channels,
  onApply,
}: {
  applied: Filters;
  agents: Option[] | null;
  channels: Option[] | null;
  onApply(next: Filters): void;
}) {
  const [draft, setDraft] = useState<Filters>(applied);
  const reversed = datesReversed(draft.fromDate, draft.toDate);
  const set = (patch: Partial<Filters>) => setDraft((d) => ({ ...d, ...patch }));
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!reversed) onApply({ ...draft, customer: draft.customer?.trim() || undefined });
  };
  const picker = (label: string, options: Option[], value: string | undefined, onChange: (id: string | undefined) => void) => (
    <Picker label={label} selectedKey={value ?? ALL} onSelectionChange={(key) => onChange(key === ALL ? undefined : String(key))} width="size-2000">
      {[{ id: ALL, name: `All ${label.toLowerCase()}s` }, ...options].map((o) => (
        <Item key={o.id}>{o.name}</Item>
      ))}
    </Picker>
  );
  return (
    <form className="history-filters" onSubmit={onSubmit} aria-label="Filter chat history">
      <TextField label="Customer" value={draft.customer ?? ''} onChange={(customer) => set({ customer })} placeholder="Name or number" width="size-2000" />
      {agents && picker('Agent', agents, draft.agentId, (agentId) => set({ agentId }))}
      {channels && picker('Channel', channels, draft.channelId, (channelId) => set({ channelId }))}
      <DatePicker label="From" value={dateOf(draft.fromDate)} onChange={(d) => set({ fromDate: d?.toString() })} />
      <DatePicker
        label="To"
        value={dateOf(draft.toDate)}
        onChange={(d) => set({ toDate: d?.toString() })}
        validationState={reversed ? 'invalid' : undefined}
        errorMessage={reversed ? 'To should not be before From' : undefined}
      />
      <div className="history-filter-actions">
        <Button type="submit" variant="accent" isDisabled={reversed}>
          Search
        </Button>
        <Button
          variant="secondary"
          onPress={() => {
            setDraft({});
            onApply({});
          }}
        >
          Clear
        </Button>
      </div>
    </form>
  );
}
