import { Button } from '@adobe/react-spectrum/Button';
import { ButtonGroup } from '@adobe/react-spectrum/ButtonGroup';
import { Checkbox } from '@adobe/react-spectrum/Checkbox';
import { Content } from '@adobe/react-spectrum/Content';
import { Dialog } from '@adobe/react-spectrum/Dialog';
import { useDialogContainer } from '@adobe/react-spectrum/DialogContainer';
import { Divider } from '@adobe/react-spectrum/Divider';
import { Footer } from '@adobe/react-spectrum/Footer';
import { Heading } from '@adobe/react-spectrum/Heading';
import { ProgressCircle } from '@adobe/react-spectrum/ProgressCircle';
import { SearchField } from '@adobe/react-spectrum/SearchField';
import { useState } from 'react';
import { CustomerPageSizes } from '@parley/sdk/contract/customer-texts';
import type { CustomerRow } from '@parley/sdk/contract/customers';
import { messageOf, useDebounced, useLoad } from '../internal/use-call.js';
import type { PickedCustomer } from './events.js';
import type { PickerClient } from './picker-client.js';

/** customer-master 9: the picker shows 15 customers a page. */
export const PICKER_PAGE_SIZE = CustomerPageSizes.picker;
/** Quiet time before a search is sent (the spec's 300 ms of its other search boxes). */
export const SEARCH_DEBOUNCE_MS = 300;

export interface CustomerListDialogProps {
  client: PickerClient;
  /** Lists only the customers of this segment (tag). */
  segmentId?: string;
  onYes(customers: PickedCustomer[]): void;
}

/**
 * The "Customer's List" modal (customer-master 2): search, a page of customers with a checkbox each, paging, No and
 * Yes. Ticks are kept by customer id across pages and searches; they live in this component, so closing (which
 * unmounts it) forgets them.
 */
export function CustomerListDialog({ client, segmentId, onYes }: CustomerListDialogProps) {
  const { dismiss } = useDialogContainer();
  const [search, setSearch] = useState('');
  const query = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  // A page number belongs to the search and segment it was reached under: a new one starts again on page 1
  // without first loading the old page number under the new search.
  const queryKey = JSON.stringify([segmentId ?? '', query]);
  const [paging, setPaging] = useState({ key: queryKey, page: 0 });
  const page = paging.key === queryKey ? paging.page : 0;
  const turnTo = (next: number) => setPaging({ key: queryKey, page: next });

  const list = useLoad(
    () =>
      client.customers.list({
        from: page * PICKER_PAGE_SIZE,
        perPage: PICKER_PAGE_SIZE,
        search: query || undefined,
        tags: segmentId ? [segmentId] : undefined,
      }),
    [client, segmentId, query, page],
  );
  const rows = list.data?.customers.customers ?? [];
  const hasMore = list.data?.customers.hasMore ?? false;
  const refused = list.error && !list.loading ? messageOf(list.error) : null;

  const [selected, setSelected] = useState<ReadonlyMap<string, PickedCustomer>>(new Map());
  const toggle = (row: CustomerRow, on: boolean) =>
    setSelected((before) => {
      const after = new Map(before);
      if (on) after.set(row.id, { name: row.name, phoneNumber: row.phoneNumber });
      else after.delete(row.id);
      return after;
    });
  const ticked = rows.filter((r) => selected.has(r.id)).length;
  const allTicked = rows.length > 0 && ticked === rows.length;
  const tickPage = (on: boolean) =>
    setSelected((before) => {
      const after = new Map(before);
      for (const row of rows) {
        if (!on) after.delete(row.id);
        else if (!after.has(row.id)) after.set(row.id, { name: row.name, phoneNumber: row.phoneNumber });
      }
      return after;
    });

  return (
    <Dialog size="L">
      <Heading>Customer's List</Heading>
      <Divider />
      <Content>
        <div className="pcp-body">
          <div className="pcp-toolbar">
            <SearchField aria-label="Search customers" value={search} onChange={setSearch} width="100%" />
            {list.loading && <ProgressCircle aria-label="Loading customers" isIndeterminate size="S" />}
          </div>
          {refused ? (
            <p className="pcp-error" role="alert">
              {refused}
            </p>
          ) : (
            <div className="pcp-table-wrap" aria-busy={list.loading}>
              <table className="pcp-table">
                <thead>
                  <tr>
                    <th scope="col" className="pcp-check">
                      <Checkbox
                        aria-label="Select all on this page"
                        isSelected={allTicked}
                        isIndeterminate={ticked > 0 && !allTicked}
                        isDisabled={rows.length === 0}
                        onChange={() => tickPage(!allTicked)}
                        marginBottom={0}
                      />
                    </th>
                    <th scope="col" className="pcp-name">
                      Name
                    </th>
                    <th scope="col">Phone Number</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => {
                    const on = selected.has(row.id);
                    return (
                      <tr key={row.id} className="pcp-row" aria-selected={on}>
                        <td className="pcp-check">
                          <Checkbox aria-label={`Select ${row.name}`} isSelected={on} onChange={(value) => toggle(row, value)} marginBottom={0} />
                        </td>
                        <td className="pcp-name" onClick={() => toggle(row, !on)}>
                          {row.name}
                        </td>
                        <td className="pcp-phone" onClick={() => toggle(row, !on)}>
                          {row.phoneNumber}
                        </td>
                      </tr>
                    );
                  })}
                  {!rows.length && (
                    <tr className="pcp-empty">
                      <td colSpan={3}>{list.loading ? 'Loading…' : 'No Record Found'}</td>
                    </tr>
                  )}
                </tbody>
              </table>
            </div>
          )}
          <div className="pcp-footer">
            <span className="pcp-page">Page {page + 1}</span>
            <Button variant="secondary" onPress={() => turnTo(page - 1)} isDisabled={page === 0 || list.loading || !!refused}>
              Previous
            </Button>
            <Button variant="secondary" onPress={() => turnTo(page + 1)} isDisabled={!hasMore || list.loading || !!refused}>
              Next
            </Button>
          </div>
        </div>
      </Content>
      <Footer>
        <span className="pcp-count" aria-live="polite">
          {selected.size} selected
        </span>
      </Footer>
      <ButtonGroup>
        <Button variant="secondary" onPress={dismiss}>
          No
        </Button>
        <Button variant="accent" onPress={() => onYes([...selected.values()])} isDisabled={selected.size === 0}>
          Yes
        </Button>
      </ButtonGroup>
    </Dialog>
  );
}
