import { Button } from '@adobe/react-spectrum/Button';
import { DialogContainer } from '@adobe/react-spectrum/DialogContainer';
import { Item, Picker } from '@adobe/react-spectrum/Picker';
import { ProgressCircle } from '@adobe/react-spectrum/ProgressCircle';
import { SearchField } from '@adobe/react-spectrum/SearchField';
import { useEffect, useState } from 'react';
import { CustomerMessages, CustomerPageSizes } from '@parley/sdk/contract/customer-texts';
import type { CustomerRow } from '@parley/sdk/contract/customers';
import { messageOf, once, useDebounced, useLoad } from '../../internal/use-call.js';
import { useMaster } from '../master-context.js';
import { paths, type ListScope } from '../master-routes.js';
import { CustomerTable } from './CustomerTable.js';
import { ensureCustomerStyles } from './customer-styles.js';
import { MapDialog } from './MapDialog.js';
import { NameDialog } from './NameDialog.js';
import { SegmentsPanel } from './SegmentsPanel.js';

const PER_PAGE = CustomerPageSizes.customers;
const SEARCH_DEBOUNCE_MS = 300;
/** The group filter's "no filter" entry. */
const ALL_GROUPS = 'all-groups';

type Popup = 'segment' | 'group' | 'move-to-group' | 'attach-label';

/**
 * customer-master 2, 4, 8: segments on the left; the customers of the selected one (or all of them), searchable and
 * paged, on the right. The selection is the path's (`customers/all`, `customers/segment/{id}`), so that the customer
 * form returns to it.
 */
export function CustomerList() {
  ensureCustomerStyles();
  const { client, navigate, toast, confirm, canChangeCustomers: canChange, route } = useMaster();
  const scope: ListScope = route.screen === 'customers' || route.screen === 'customer-form' ? route.scope : null;
  const total = useLoad(() => client.customers.count({}), [client]);
  const [segmentSearch, setSegmentSearch] = useState('');
  const segmentTerm = useDebounced(segmentSearch.trim(), SEARCH_DEBOUNCE_MS);
  // Spec 8: a failed segment list shows its message; a failed group list is silently ignored.
  const segments = useLoad(
    () => client.customers.tags({ search: segmentTerm || undefined }),
    [client, segmentTerm],
    (e) => toast(messageOf(e), 'error'),
  );
  const groups = useLoad(() => client.customers.groups({}), [client]);
  // Attach Label and the title want every segment, not only those matching the panel's search.
  const allSegments = useLoad(() => (segmentTerm ? client.customers.tags({}) : null), [client, segmentTerm, segments.data]);

  const [search, setSearch] = useState('');
  const term = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const [groupId, setGroupId] = useState(ALL_GROUPS);
  const [from, setFrom] = useState(0);
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());
  const [popup, setPopup] = useState<Popup | null>(null);

  // Spec 2: with none named in the path, the first segment is selected on load when there is one; pinned, so that a
  // segment search moving another to the top does not change the list.
  const firstSegment = segments.data?.tags[0]?.id ?? null;
  const [firstPick, setFirstPick] = useState<string | null>(null);
  useEffect(() => {
    if (scope === null && firstPick === null && firstSegment !== null) setFirstPick(firstSegment);
  }, [scope, firstPick, firstSegment]);
  const segmentId = scope === 'all' ? null : scope ? scope.segmentId : (firstPick ?? firstSegment);
  // Spec 4: a new segment, search or group starts again from the first page; checks belong to the rows shown.
  useEffect(() => setFrom(0), [segmentId, term, groupId]);
  useEffect(() => setChecked(new Set()), [segmentId, term, groupId, from]);

  // Waits for the segments so the first page is already the selected segment's.
  const ready = segments.data !== undefined || segments.error !== undefined;
  // Chosen, or what is left when there is no segment to select.
  const allSelected = scope === 'all' || (ready && segmentId === null);
  const here: ListScope = allSelected ? 'all' : segmentId ? { segmentId } : null;
  const page = useLoad(
    () =>
      ready
        ? client.customers.list({
            from,
            perPage: PER_PAGE,
            search: term || undefined,
            tags: segmentId ? [segmentId] : undefined,
            groups: groupId !== ALL_GROUPS ? [groupId] : undefined,
          })
        : null,
    [client, ready, from, term, segmentId, groupId],
  );
  const rows = page.data?.customers.customers ?? [];
  const headers = page.data?.customers.headers ?? [];
  const hasMore = page.data?.customers.hasMore ?? false;
  const segmentList = segments.data?.tags;
  const everySegment = (segmentTerm ? allSegments.data?.tags : segmentList) ?? [];
  const selectedSegment = everySegment.find((s) => s.id === segmentId) ?? segmentList?.find((s) => s.id === segmentId);

  const refreshCounts = () => {
    total.reload();
    segments.reload();
    groups.reload();
  };

  const check = (ids: string[], on: boolean) =>
    setChecked((prev) => {
      const next = new Set(prev);
      for (const id of ids)
        if (on) next.add(id);
        else next.delete(id);
      return next;
    });

  const remove = async (row: CustomerRow) => {
    const ok = await confirm({ title: 'Delete customer', message: `Delete the customer "${row.name}" (${row.phoneNumber})? This cannot be undone.` });
    if (!ok) return;
    try {
      await once(client.customers.delete({ id: row.id }));
      toast(CustomerMessages.deleted, 'success');
      refreshCounts();
      // The last row of a later page gone: show the page before it.
      if (from > 0 && rows.length === 1) return setFrom((f) => Math.max(0, f - PER_PAGE));
    } catch (e) {
      toast(messageOf(e), 'error');
    }
    page.reload();
  };

  const closePopup = (saved: boolean) => {
    const was = popup;
    setPopup(null);
    if (!saved) return;
    refreshCounts();
    if (was === 'move-to-group' || was === 'attach-label') {
      setChecked(new Set());
      page.reload();
    }
  };

  const groupList = groups.data?.groups ?? [];
  const selectedIds = [...checked];
  return (
    <div className="pcm-cu-page">
      <SegmentsPanel
        segments={segmentList}
        loading={segments.loading}
        selectedId={segmentId}
        search={segmentSearch}
        onSearch={setSegmentSearch}
        onSelect={(id) => navigate(paths.customers({ segmentId: id }))}
        onAdd={canChange ? () => setPopup('segment') : undefined}
        total={total.data?.count}
        allSelected={allSelected}
        onSelectAll={() => navigate(paths.customers('all'))}
      />
      <section className="pcm-cu-main" aria-label="Customers">
        <div className="pcm-cu-toolbar">
          <h2 className="pcm-cu-toolbar-title">{allSelected ? 'All customers' : selectedSegment ? selectedSegment.name : 'Customers'}</h2>
          {page.loading && <ProgressCircle aria-label="Loading customers" isIndeterminate size="S" />}
          <Picker
            aria-label="Filter by group"
            selectedKey={groupId}
            onSelectionChange={(key) => setGroupId(String(key ?? ALL_GROUPS))}
            items={[{ id: ALL_GROUPS, name: 'All Groups', count: -1 }, ...groupList]}
            width="size-2400"
          >
            {(g) => <Item key={g.id}>{g.count < 0 ? g.name : `${g.name} (${g.count})`}</Item>}
          </Picker>
          <SearchField aria-label="Search customers" value={search} onChange={setSearch} width="size-3000" />
        </div>
        <div className="pcm-cu-actions">
          {segmentId && canChange && (
            <Button variant="secondary" onPress={() => navigate(paths.uploadFile(segmentId))}>
              Upload
            </Button>
          )}
          <button type="button" className="pcm-cu-link" onClick={() => navigate(paths.uploads(segmentId))}>
            My Uploads
          </button>
          <span className="pcm-cu-actions-spacer" />
          {canChange && (
            <>
              <Button variant="secondary" onPress={() => setPopup('group')}>
                Create Group
              </Button>
              <Button variant="secondary" isDisabled={!checked.size} onPress={() => setPopup('move-to-group')}>
                Move to Group
              </Button>
              <Button variant="secondary" isDisabled={!checked.size} onPress={() => setPopup('attach-label')}>
                Attach Label
              </Button>
              <Button variant="accent" onPress={() => navigate(paths.createCustomer(here))}>
                Add Customer
              </Button>
            </>
          )}
        </div>
        <CustomerTable
          rows={rows}
          headers={headers}
          loaded={page.data !== undefined || page.error !== undefined}
          busy={page.loading}
          checked={checked}
          onCheck={canChange ? check : undefined}
          onOpen={(row) => navigate(paths.customer(row.id))}
          onDelete={canChange ? (row) => void remove(row) : undefined}
        />
        <div className="pcm-cu-pager">
          <span className="pcm-cu-pager-label">Page {Math.floor(from / PER_PAGE) + 1}</span>
          <Button variant="secondary" isDisabled={from === 0 || page.loading} onPress={() => setFrom((f) => Math.max(0, f - PER_PAGE))}>
            Previous
          </Button>
          <Button variant="secondary" isDisabled={!hasMore || page.loading} onPress={() => setFrom((f) => f + PER_PAGE)}>
            Next
          </Button>
        </div>
      </section>
      <DialogContainer onDismiss={() => closePopup(false)}>
        {popup === 'segment' || popup === 'group' ? (
          <NameDialog kind={popup} onClose={closePopup} />
        ) : popup === 'move-to-group' ? (
          <MapDialog kind="group" options={groupList} customerIds={selectedIds} onClose={closePopup} />
        ) : popup === 'attach-label' ? (
          <MapDialog kind="label" options={everySegment} customerIds={selectedIds} onClose={closePopup} />
        ) : null}
      </DialogContainer>
    </div>
  );
}
