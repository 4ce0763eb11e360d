import { ActionButton, Cell, Column, Content, Dialog, DialogTrigger, Divider, Heading, Row, TableBody, TableHeader, TableView } from '@adobe/react-spectrum';
import type { ConsumptionReply } from '@parley/sdk/contract/billing';
import { formatFigure, formatMoney } from '@parley/sdk/number-format';
import { periodLabel, usageRows } from './usage-rows.js';

/** Compact rows are 32 px under a 34 px header; past the popover's 700 px the table scrolls. */
const costHeight = (rows: number) => Math.min(700, 36 + rows * 33);

/**
 * The top bar's consumption and cost dropdowns (platform-shell 2.9: height 700 px). Each is a popover dialog: focus
 * moves into it, Escape closes it and focus returns to its button; the list scrolls inside and is reachable by
 * keyboard.
 */
export function UsageDropdowns({ consumption }: { consumption: ConsumptionReply }) {
  const rows = usageRows(consumption.serviceConsumption, consumption.currencyCode);
  const period = periodLabel(consumption.fromDate, consumption.toDate);
  const total = { key: 'total', label: 'Total', cost: formatMoney(consumption.sumAllTotalAmount, consumption.currencyCode, 'cost'), total: true };
  return (
    <>
      <DialogTrigger type="popover" placement="bottom">
        <ActionButton isQuiet UNSAFE_className="top-bar-dropdown">
          Consumption ▾
        </ActionButton>
        <Dialog size="S" UNSAFE_className="usage-dropdown">
          <Heading>Consumption, {period}</Heading>
          <Divider />
          <Content>
            <div className="usage-scroll" tabIndex={0} role="region" aria-label="Units per service">
              <p className="usage-total">
                Utilised <strong>{formatFigure(consumption.sumAllBillableUnits, 'units')}</strong> of {formatFigure(consumption.sumAllTotalUnits, 'units')}{' '}
                units
              </p>
              <ul className="usage-list">
                {rows.map((row) => (
                  // Text first, the bar only draws it: Spectrum's Meter (role "meter progressbar") fails axe's aria-allowed-attr.
                  <li key={row.service} className="usage-item">
                    <span className="usage-label">{row.label}</span>
                    <span className="usage-units">{row.units}</span>
                    <span className="usage-bar" aria-hidden="true">
                      <span style={{ width: `${row.share}%` }} />
                    </span>
                  </li>
                ))}
              </ul>
            </div>
          </Content>
        </Dialog>
      </DialogTrigger>
      <DialogTrigger type="popover" placement="bottom">
        <ActionButton isQuiet UNSAFE_className="top-bar-dropdown">
          Cost ▾
        </ActionButton>
        <Dialog size="S" UNSAFE_className="usage-dropdown">
          <Heading>Cost, {period}</Heading>
          <Divider />
          <Content>
            {/* The table scrolls by itself and is reached with Tab, then the arrow keys; Total closes it as its last row. */}
            <TableView aria-label="Cost per service" density="compact" overflowMode="wrap" selectionMode="none" height={costHeight(rows.length + 1)}>
              <TableHeader>
                <Column key="service" isRowHeader>
                  Service
                </Column>
                <Column key="cost" align="end" width={120}>
                  Cost
                </Column>
              </TableHeader>
              <TableBody items={[...rows.map((r) => ({ key: r.service, label: r.label, cost: r.cost, total: false })), total]}>
                {(row) => (
                  <Row key={row.key}>
                    <Cell>{row.total ? <strong>{row.label}</strong> : row.label}</Cell>
                    <Cell>
                      <span className="usage-cost">{row.total ? <strong>{row.cost}</strong> : row.cost}</span>
                    </Cell>
                  </Row>
                )}
              </TableBody>
            </TableView>
          </Content>
        </Dialog>
      </DialogTrigger>
    </>
  );
}
