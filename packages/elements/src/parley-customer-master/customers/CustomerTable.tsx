import { Checkbox } from '@adobe/react-spectrum/Checkbox';
import Delete from '@spectrum-icons/workflow/Delete';
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

/** customer-master 2: the customer table with select-all, Name, Phone Number, the dynamic headers and Action. */
export function CustomerTable({ rows, headers, loaded, busy, checked, onCheck, onOpen, onDelete }: Props) {
  const all = rows.length > 0 && rows.every((r) => checked.has(r.id));
  const some = !all && rows.some((r) => checked.has(r.id));
  const columns = headers.length + 2 + (onCheck ? 1 : 0) + (onDelete ? 1 : 0);
  return (
    <div className="pcm-cu-table-wrap">
      <table className="pcm-cu-table" aria-label="Customers" aria-busy={busy}>
        <thead>
          <tr>
            {onCheck && (
              <th scope="col" className="pcm-cu-check">
                <Checkbox
                  aria-label="Select all customers"
                  isSelected={all}
                  isIndeterminate={some}
                  isDisabled={!rows.length}
                  onChange={(on) => onCheck(rows.map((r) => r.id), on)}
                  marginBottom={0}
                />
              </th>
            )}
            <th scope="col">Name</th>
            <th scope="col">Phone Number</th>
            {headers.map((h, i) => (
              <th scope="col" key={`${i}-${h}`}>
                {h}
              </th>
            ))}
            {onDelete && (
              <th scope="col" className="pcm-cu-action">
                Action
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              {onCheck && (
                <td className="pcm-cu-check">
                  <Checkbox aria-label={`Select ${row.name}`} isSelected={checked.has(row.id)} onChange={(on) => onCheck([row.id], on)} marginBottom={0} />
                </td>
              )}
              <td>
                <button type="button" className="pcm-cu-open" onClick={() => onOpen(row)}>
                  {row.name}
                </button>
              </td>
              <td className="pcm-cu-phone">{row.phoneNumber}</td>
              {headers.map((h, i) => (
                <td key={`${i}-${h}`}>{row.details[i]?.value ?? ''}</td>
              ))}
              {onDelete && (
                <td className="pcm-cu-action">
                  <IconAction label={`Delete ${row.name}`} tooltip="Delete" onPress={() => onDelete(row)}>
                    <Delete />
                  </IconAction>
                </td>
              )}
            </tr>
          ))}
          {loaded && !rows.length && !busy && (
            <tr className="pcm-cu-empty">
              <td colSpan={columns}>No Record Found</td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
