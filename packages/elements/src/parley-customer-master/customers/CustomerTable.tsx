import { Cell, Column, Row, TableBody, TableHeader, TableView } from '@adobe/react-spectrum/TableView';
import Delete from '@spectrum-icons/workflow/Delete';
import type { Key, SyntheticEvent } from 'react';
import type { CustomerRow } from '@parley/sdk/contract/customers';
import { IconAction } from '../../spectrum-parts/IconAction.js';

interface Props {
  rows: CustomerRow[];
  /** The dynamic columns: one per header, each row's value at the same place of `details`. */
  headers: string[];
  /** Nothing answered yet: the empty state waits, so it never flashes before the first page. */
  loaded: boolean;
  busy: boolean;
  checked: ReadonlySet<string>;
  /** Absent for a reader, with onDelete: no check boxes (they only feed Move to Group and Attach Label), no Action. */
  onCheck?(ids: string[], on: boolean): void;
  onOpen(row: CustomerRow): void;
  onDelete?(row: CustomerRow): void;
}

/**
 * The customer's name, opening the customer. A native button, so that it reads as the name: the row under it would
 * take its presses and keys as a selection, so they stop here (Spectrum's own buttons do the same); arrow keys still
 * reach the table.
 */
function OpenButton({ name, onOpen }: { name: string; onOpen(): void }) {
  const mine = (e: SyntheticEvent) => e.stopPropagation();
  return (
    <button
      type="button"
      className="pcm-cu-open"
      onPointerDown={mine}
      onMouseDown={mine}
      onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && mine(e)}
      onClick={(e) => {
        mine(e);
        onOpen();
      }}
    >
      {name}
    </button>
  );
}

type ColumnDef = { key: string; name: string; header?: number };

/** Room for the empty message: the table is as tall as its rows, so without rows it would shrink to its header. */
const EMPTY_HEIGHT = 'size-2400';

/** customer-master 2: the customer table with select-all, Name, Phone Number, the dynamic headers and Action. */
export function CustomerTable({ rows, headers, loaded, busy, checked, onCheck, onOpen, onDelete }: Props) {
  const columns: ColumnDef[] = [
    { key: 'name', name: 'Name' },
    { key: 'phone', name: 'Phone Number' },
    ...headers.map((name, header) => ({ key: `header-${header}`, name, header })),
    ...(onDelete ? [{ key: 'action', name: 'Action' }] : []),
  ];
  // The table's selection is the page's checks; select-all ticks the page, as the spec's select-all checkbox did.
  const select = (keys: 'all' | Set<Key>) => {
    if (!onCheck) return;
    const on = keys === 'all' ? rows : rows.filter((r) => keys.has(r.id));
    const off = rows.filter((r) => !on.includes(r) && checked.has(r.id));
    if (on.length)
      onCheck(
        on.map((r) => r.id),
        true,
      );
    if (off.length)
      onCheck(
        off.map((r) => r.id),
        false,
      );
  };

  const cell = (row: CustomerRow, column: ColumnDef) => {
    if (column.key === 'name') {
      return <OpenButton name={row.name} onOpen={() => onOpen(row)} />;
    }
    if (column.key === 'phone') return <span className="pcm-cu-phone-number">{row.phoneNumber}</span>;
    if (column.key === 'action' && onDelete) {
      return (
        <IconAction label={`Delete ${row.name}`} tooltip="Delete" onPress={() => onDelete(row)}>
          <Delete />
        </IconAction>
      );
    }
    return column.header === undefined ? '' : (row.details[column.header]?.value ?? '');
  };

  return (
    <TableView
      aria-label="Customers"
      overflowMode="wrap"
      selectionMode={onCheck ? 'multiple' : 'none'}
      selectedKeys={rows.filter((r) => checked.has(r.id)).map((r) => r.id)}
      onSelectionChange={select}
      renderEmptyState={loaded && !busy ? () => <p className="pcm-cu-empty">No Record Found</p> : undefined}
      minHeight={rows.length ? undefined : EMPTY_HEIGHT}
    >
      <TableHeader columns={columns}>
        {(c) => (
          <Column
            key={c.key}
            align={c.key === 'action' ? 'end' : 'start'}
            width={c.key === 'name' ? '2fr' : c.key === 'phone' ? 170 : c.key === 'action' ? 90 : '1fr'}
            minWidth={c.key === 'name' ? 160 : c.header !== undefined ? 120 : undefined}
          >
            {c.name}
          </Column>
        )}
      </TableHeader>
      <TableBody items={rows} loadingState={busy && !rows.length ? 'loading' : 'idle'}>
        {(row) => (
          <Row key={row.id} textValue={row.name}>
            {(key) => (
              <Cell>
                {cell(
                  row,
                  columns.find((c) => c.key === key)!,
                )}
              </Cell>
            )}
          </Row>
        )}
      </TableBody>
    </TableView>
  );
}
