import { Button } from '@adobe/react-spectrum/Button';
import { DatePicker } from '@adobe/react-spectrum/DatePicker';
import { Item, Picker } from '@adobe/react-spectrum/Picker';
import type { CalendarDateTime } from '@internationalized/date';
import type { FormEvent } from 'react';
import type { Period } from './report-range.js';

export interface AgentChoice {
  id: string;
  name: string;
}

export interface FilterFormProps {
  agents: AgentChoice[] | undefined;
  agentId: string | null;
  onAgent(id: string): void;
  period: Period;
  onPeriod(period: Period): void;
  /** The error to show under End Date, if any. */
  endError: string | undefined;
  maxValue: CalendarDateTime;
  onSubmit(): void;
}

/** The report's filter (agent-designer 2): Data Source, Start Date, End Date and Submit. */
export function FilterForm({ agents, agentId, onAgent, period, onPeriod, endError, maxValue, onSubmit }: FilterFormProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form aria-label="Report filter" onSubmit={submit} className="pnr-filter" noValidate>
      <Picker
        label="Data Source"
        placeholder={agents && !agents.length ? 'No agents yet' : 'Select an agent'}
        items={agents ?? []}
        selectedKey={agentId}
        onSelectionChange={(key) => key !== null && onAgent(String(key))}
        isDisabled={!agents?.length}
        width="100%"
      >
        {(agent) => <Item key={agent.id}>{agent.name}</Item>}
      </Picker>
      <DatePicker
        label="Start Date"
        granularity="minute"
        hourCycle={24}
        value={period.start}
        maxValue={maxValue}
        onChange={(start) => start && onPeriod({ ...period, start })}
        width="100%"
      />
      <DatePicker
        label="End Date"
        granularity="minute"
        hourCycle={24}
        value={period.end}
        maxValue={maxValue}
        onChange={(end) => end && onPeriod({ ...period, end })}
        validationState={endError ? 'invalid' : undefined}
        errorMessage={endError}
        width="100%"
      />
      <Button type="submit" variant="accent" isDisabled={!agentId || !!endError} UNSAFE_className="pnr-submit">
        Submit
      </Button>
    </form>
  );
}
