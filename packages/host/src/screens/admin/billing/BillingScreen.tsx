import { ActionButton, Button, Cell, Column, DialogTrigger, Flex, Item, Picker, Row, TableBody, TableHeader, TableView, Text } from '@adobe/react-spectrum';
import Download from '@spectrum-icons/workflow/Download';
import { useEffect, useState } from 'react';
import { formatMoney, formatFigure } from '@parley/sdk/number-format';
import { PagerNav } from '../../../components/PagerNav.js';
import { useBilling } from '../../../billing/billing-store.js';
import { RechargeDialog } from '../../../billing/RechargeDialog.js';
import { formatTime } from '../../reports/report-query.js';
import { ConsumptionChart } from './ConsumptionChart.js';
import { RANGES, consumptionCsv, consumptionRows, csvFileName, rangeDates, type RangeId } from './consumption-table.js';
import { useConsumption, useInvoices, useRateCard, useRecharges } from './use-billing-data.js';
import { AccountSummary } from './AccountSummary.js';
import { formatMoment } from '../../../format/locale.js';
import './billing.css';

// Spectrum's compact rows are 32 px with a 1 px rule; the header is 34 px.
const rowsHeight = (rows: number, empty = 120) => (rows ? 36 + rows * 33 : empty);
const shortTime = (iso: string) => formatMoment(iso, 'dayTime');
const EMPTY = (text: string) => () => <p className="billing-empty">{text}</p>;

function download(text: string, name: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Configuration → Billing (`/admin/enterpriseBilling`, ENTERPRISE.MANAGE_BILLING): the account and wallet with
 * Recharge, the rate card, consumption by day and service (a chart, its table and CSV), the recharges with their
 * payment links, and the monthly invoices.
 */
export function BillingScreen() {
  const [range, setRange] = useState<RangeId>('month');
  // A closed payment window may have credited the wallet: the figures and lists are read again.
  const [round, setRound] = useState(0);
  const { fromDate, toDate } = rangeDates(range);
  const account = useBilling((s) => s.account);
  const loadAccount = useBilling((s) => s.load);
  // The top bar reads the account too, but only when it is shown (showTopBar).
  useEffect(() => void loadAccount(), [loadAccount, round]);
  const card = useRateCard();
  const consumption = useConsumption(fromDate, toDate, round);
  const recharges = useRecharges(round);
  const invoices = useInvoices(round);
  const rows = consumption ? consumptionRows(consumption.days) : [];
  const currency = consumption?.currencyCode ?? account?.currencyCode ?? 'INR';

  return (
    <section className="billing" aria-labelledby="billing-title">
      <header className="billing-header">
        <h1 id="billing-title">Billing</h1>
        {account?.accountType === 'Prepaid' && (
          <DialogTrigger>
            <Button variant="accent">Recharge</Button>
            {(close) => <RechargeDialog dismiss={close} onClosed={() => setRound((r) => r + 1)} />}
          </DialogTrigger>
        )}
      </header>
      <div className="billing-top">
        <AccountSummary account={account} />
        <section className="billing-card" aria-labelledby="rate-card-title">
          <h2 id="rate-card-title">Rate card</h2>
          <TableView
            aria-labelledby="rate-card-title"
            density="compact"
            selectionMode="none"
            height={rowsHeight(card?.rates.length ?? 0)}
            renderEmptyState={EMPTY('No rates yet.')}
          >
            <TableHeader>
              <Column key="service" width="2fr">
                Service
              </Column>
              <Column key="unit" width="1fr">
                Per
              </Column>
              <Column key="price" width="1fr" align="end">
                Price
              </Column>
            </TableHeader>
            <TableBody items={card?.rates ?? []} loadingState={card ? 'idle' : 'loading'}>
              {(rate) => (
                <Row key={rate.planEntityId} textValue={rate.name}>
                  <Cell>{rate.name}</Cell>
                  <Cell>{rate.unit}</Cell>
                  {/* Prices keep their precision (a unit can cost a fraction of a paisa): no shortening. */}
                  <Cell>{`${card!.currencySymbol} ${rate.unitPrice}`}</Cell>
                </Row>
              )}
            </TableBody>
          </TableView>
          {card && <p className="billing-note">Updated {formatTime(card.updatedOn)}.</p>}
        </section>
      </div>

      <section className="billing-card" aria-labelledby="consumption-title">
        <Flex justifyContent="space-between" alignItems="end" wrap gap="size-150">
          <h2 id="consumption-title">Consumption</h2>
          <Flex gap="size-150" alignItems="end">
            <Picker label="Period" items={[...RANGES]} selectedKey={range} onSelectionChange={(k) => setRange(k as RangeId)} width="size-2000">
              {(r) => <Item key={r.id}>{r.name}</Item>}
            </Picker>
            <ActionButton
              isDisabled={!consumption || rows.length === 0}
              onPress={() => consumption && download(consumptionCsv(rows, consumption.currencyCode), csvFileName(fromDate, toDate))}
            >
              <Download />
              <Text>Download CSV</Text>
            </ActionButton>
          </Flex>
        </Flex>
        {consumption && (
          <p className="billing-totals">
            <span>
              Total <strong>{formatMoney(consumption.sumAllTotalAmount, currency)}</strong>
            </span>
            <span>
              Billable units <strong>{formatFigure(consumption.sumAllBillableUnits, 'units')}</strong> of {formatFigure(consumption.sumAllTotalUnits, 'units')}
            </span>
          </p>
        )}
        {consumption && consumption.days.length > 0 && <ConsumptionChart days={consumption.days} currencyCode={currency} />}
        <TableView
          aria-label="Consumption by day and service"
          density="compact"
          selectionMode="none"
          maxHeight={480}
          height={Math.min(480, rowsHeight(rows.length))}
          renderEmptyState={EMPTY('No consumption in this period.')}
        >
          <TableHeader>
            <Column key="date" width={130}>
              Date
            </Column>
            <Column key="service" width="2fr">
              Service
            </Column>
            <Column key="billable" align="end">
              Billable units
            </Column>
            <Column key="total" align="end">
              Total units
            </Column>
            <Column key="amount" align="end">
              Amount
            </Column>
          </TableHeader>
          <TableBody items={rows} loadingState={consumption ? 'idle' : 'loading'}>
            {(row) => (
              <Row key={row.key} textValue={`${row.date} ${row.label}`}>
                <Cell>{row.date}</Cell>
                <Cell>{row.label}</Cell>
                <Cell>{formatFigure(row.billableUnits, 'units', false)}</Cell>
                <Cell>{formatFigure(row.totalUnits, 'units', false)}</Cell>
                <Cell>{formatMoney(row.amount, currency, 'cost', false)}</Cell>
              </Row>
            )}
          </TableBody>
        </TableView>
      </section>

      <div className="billing-lists">
        <section className="billing-card" aria-labelledby="recharges-title">
          <h2 id="recharges-title">Recharges</h2>
          <TableView
            aria-labelledby="recharges-title"
            density="compact"
            selectionMode="none"
            height={rowsHeight(recharges.rows.length)}
            renderEmptyState={EMPTY('No recharges yet.')}
          >
            <TableHeader>
              <Column key="created" width="1.3fr">
                Created
              </Column>
              <Column key="amount" width="0.8fr" align="end">
                Amount
              </Column>
              <Column key="status" width="0.8fr">
                Status
              </Column>
              <Column key="payment" width="1.2fr">
                Payment id
              </Column>
            </TableHeader>
            <TableBody items={recharges.rows} loadingState={recharges.loading ? 'loading' : 'idle'}>
              {(r) => (
                <Row key={r.id} textValue={`${r.createdOn} ${r.amount}`}>
                  <Cell>{shortTime(r.createdOn)}</Cell>
                  <Cell>{formatMoney(r.amount, r.currencyCode, 'cost', false)}</Cell>
                  <Cell>
                    <span className={`billing-status billing-status-${r.status}`}>{r.creditedOn ? 'credited' : r.status}</span>
                  </Cell>
                  <Cell>{r.paymentId ?? '-'}</Cell>
                </Row>
              )}
            </TableBody>
          </TableView>
          <PagerNav className="billing-pager" list={recharges.pager} />
        </section>
        <section className="billing-card" aria-labelledby="invoices-title">
          <h2 id="invoices-title">Invoices</h2>
          <TableView
            aria-labelledby="invoices-title"
            density="compact"
            selectionMode="none"
            height={rowsHeight(invoices.rows.length)}
            renderEmptyState={EMPTY('No invoices yet.')}
          >
            <TableHeader>
              <Column key="period">Month</Column>
              <Column key="units" align="end">
                Units
              </Column>
              <Column key="amount" align="end">
                Amount
              </Column>
              <Column key="status">Status</Column>
            </TableHeader>
            <TableBody items={invoices.rows} loadingState={invoices.loading ? 'loading' : 'idle'}>
              {(inv) => (
                <Row key={inv.id} textValue={inv.period}>
                  <Cell>{inv.period}</Cell>
                  <Cell>{formatFigure(inv.totalUnits, 'units', false)}</Cell>
                  <Cell>{formatMoney(inv.amount, inv.currencyCode, 'cost', false)}</Cell>
                  <Cell>
                    <span className={`billing-status billing-status-${inv.status}`}>{inv.status}</span>
                  </Cell>
                </Row>
              )}
            </TableBody>
          </TableView>
          <PagerNav className="billing-pager" list={invoices.pager} />
        </section>
      </div>
    </section>
  );
}
