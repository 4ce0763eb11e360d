import { Button } from '@adobe/react-spectrum/Button';
import { ButtonGroup } from '@adobe/react-spectrum/ButtonGroup';
import { Content } from '@adobe/react-spectrum/Content';
import { Dialog } from '@adobe/react-spectrum/Dialog';
import { useDialogContainer } from '@adobe/react-spectrum/DialogContainer';
import { Divider } from '@adobe/react-spectrum/Divider';
import { Footer } from '@adobe/react-spectrum/Footer';
import { Heading } from '@adobe/react-spectrum/Heading';
import { ProgressCircle } from '@adobe/react-spectrum/ProgressCircle';
import { SearchField } from '@adobe/react-spectrum/SearchField';
import { Cell, Column, Row, TableBody, TableHeader, TableView } from '@adobe/react-spectrum/TableView';
import { useState, type Key } from 'react';
import { CustomerPageSizes } from '@parley/sdk/contract/customer-texts';
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
  // The table's selection is this page's ticks; ticks of other pages and searches stay. Select-all ticks the page.
  const select = (keys: 'all' | Set<Key>) =>
    setSelected((before) => {
      const after = new Map(before);
      for (const row of rows) {
        if (keys === 'all' || keys.has(row.id)) after.set(row.id, after.get(row.id) ?? { name: row.name, phoneNumber: row.phoneNumber });
        else after.delete(row.id);
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
            <TableView
              aria-label="Customers"
              selectionMode="multiple"
              selectedKeys={rows.filter((r) => selected.has(r.id)).map((r) => r.id)}
              onSelectionChange={select}
              renderEmptyState={list.loading ? undefined : () => <p className="pcp-empty">No Record Found</p>}
              // The list scrolls on its own under its header; the rest of the dialog (about 310px) keeps the search
              // and paging in view.
              maxHeight="max(160px, calc(90vh - 310px))"
              minHeight={rows.length ? undefined : 'size-2000'}
            >
              <TableHeader>
                <Column key="name" width="55%">
                  Name
                </Column>
                <Column key="phone">Phone Number</Column>
              </TableHeader>
              <TableBody items={rows} loadingState={list.loading && !rows.length ? 'loading' : 'idle'}>
                {(row) => (
                  <Row key={row.id} textValue={row.name}>
                    <Cell>{row.name}</Cell>
                    <Cell>
                      <span className="pcp-phone">{row.phoneNumber}</span>
                    </Cell>
                  </Row>
                )}
              </TableBody>
            </TableView>
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
