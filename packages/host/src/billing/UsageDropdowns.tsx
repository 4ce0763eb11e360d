import { ActionButton, Content, Dialog, DialogTrigger, Divider, Heading } from '@adobe/react-spectrum';
import type { ConsumptionReply } from '@parley/sdk/contract/billing';
import { formatFigure, formatMoney } from '@parley/sdk/number-format';
import { periodLabel, usageRows } from './usage-rows.js';

/**
 * The top bar's consumption and cost dropdowns (platform-shell 2.9: height 700 px). Each is a popover dialog: focus
 * moves into it, Escape closes it and focus returns to its button; the list scrolls inside and is reachable by
 * keyboard.
 */
export function UsageDropdowns({ consumption }: { consumption: ConsumptionReply }) {
  const rows = usageRows(consumption.serviceConsumption, consumption.currencyCode);
  const period = periodLabel(consumption.fromDate, consumption.toDate);
  return (
    <>
      <DialogTrigger type="popover" placement="bottom">
        <ActionButton isQuiet UNSAFE_className="top-bar-dropdown">Consumption ▾</ActionButton>
        <Dialog size="S" UNSAFE_className="usage-dropdown">
          <Heading>Consumption, {period}</Heading>
          <Divider />
          <Content>
            <div className="usage-scroll" tabIndex={0} role="region" aria-label="Units per service">
              <p className="usage-total">
                Utilised <strong>{formatFigure(consumption.sumAllBillableUnits, 'units')}</strong> of {formatFigure(consumption.sumAllTotalUnits, 'units')} units
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
        <ActionButton isQuiet UNSAFE_className="top-bar-dropdown">Cost ▾</ActionButton>
        <Dialog size="S" UNSAFE_className="usage-dropdown">
          <Heading>Cost, {period}</Heading>
          <Divider />
          <Content>
            <div className="usage-scroll" tabIndex={0} role="region" aria-label="Cost per service">
              <table className="usage-costs">
                <caption className="visually-hidden">Cost per service</caption>
                <thead>
                  <tr>
                    <th scope="col">Service</th>
                    <th scope="col">Cost</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr key={row.service}>
                      <th scope="row">{row.label}</th>
                      <td>{row.cost}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr>
                    <th scope="row">Total</th>
                    <td>{formatMoney(consumption.sumAllTotalAmount, consumption.currencyCode, 'cost')}</td>
                  </tr>
                </tfoot>
              </table>
            </div>
          </Content>
        </Dialog>
      </DialogTrigger>
    </>
  );
}
