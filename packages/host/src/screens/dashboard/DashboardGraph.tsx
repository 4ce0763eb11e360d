import { ActionGroup, Cell, Column, Item, ProgressCircle, Row, Switch, TableBody, TableHeader, TableView } from '@adobe/react-spectrum';
import { useState } from 'react';
import type { DashboardInfo } from '@parley/sdk/contract/chat-analytics';
import { PERIOD_LABELS, TIME_TYPES, type TimeType } from '@parley/sdk/contract/dashboard-range';
import { ChatCountChart, PickupChart } from './ChatCharts.js';
import { elapsed, pointLabel } from './graph-format.js';
import './dashboard.css';

interface Props {
  period: TimeType;
  onPeriod: (period: TimeType) => void;
  info: DashboardInfo | null;
  loading: boolean;
}

/**
 * The dashboard graph (platform-shell 2.7): period buttons 1 Month, 15 Days, 7 Days, 1 Day, a bar chart of chat
 * counts and a line chart of average pickup time. "Show as table" gives the same figures as a table, for screen
 * readers and for reading exact values.
 */
export function DashboardGraph({ period, onPeriod, info, loading }: Props) {
  const [asTable, setAsTable] = useState(false);
  const chats = info?.chats;
  const unit = info?.unit === 'hour' ? 'hour' : 'day';
  return (
    <section className="dash-graph" aria-labelledby="dash-graph-title" aria-busy={loading}>
      <header className="dash-graph-header">
        <h2 id="dash-graph-title">Chats {chats?.scope === 'own' ? '(yours)' : ''}</h2>
        <ActionGroup
          aria-label="Period"
          selectionMode="single"
          disallowEmptySelection
          selectedKeys={[period]}
          onSelectionChange={(keys) => {
            const next = [...keys][0];
            if (typeof next === 'string' && next !== period) onPeriod(next as TimeType);
          }}
          density="compact"
        >
          {TIME_TYPES.map((t) => (
            <Item key={t}>{PERIOD_LABELS[t]}</Item>
          ))}
        </ActionGroup>
        <span className="dash-grow" />
        {loading && <ProgressCircle aria-label="Loading the graph" isIndeterminate size="S" />}
        {chats && (
          <p className="dash-graph-summary">
            <strong>{chats.total}</strong> chats · avg pickup <strong>{elapsed(chats.avgPickedUpInterval)}</strong>
          </p>
        )}
        <Switch isSelected={asTable} onChange={setAsTable} isDisabled={!chats}>
          Show as table
        </Switch>
      </header>
      {info && !chats && <p className="muted">Chat figures need a chat permission (Handle Chats, Chat History, Monitor or Analytics).</p>}
      {chats &&
        (asTable ? (
          <TableView aria-label={`Chats per ${unit} and average pickup time`} density="compact" maxHeight={420}>
            <TableHeader>
              <Column key="date">{unit === 'hour' ? 'Hour' : 'Day'}</Column>
              <Column key="chats" align="end">
                Chats
              </Column>
              <Column key="pickup" align="end">
                Avg pickup
              </Column>
            </TableHeader>
            <TableBody items={chats.entries.map((e) => ({ ...e, id: e.date }))}>
              {(e) => (
                <Row key={e.date}>
                  <Cell>{pointLabel(e.date)}</Cell>
                  <Cell>{e.chatCount}</Cell>
                  <Cell>{elapsed(e.avgPickedUpInterval)}</Cell>
                </Row>
              )}
            </TableBody>
          </TableView>
        ) : (
          <div className="dash-charts">
            <ChatCountChart title={`Chats per ${unit}`} entries={chats.entries} />
            <PickupChart title="Average pickup time" entries={chats.entries} />
          </div>
        ))}
    </section>
  );
}
