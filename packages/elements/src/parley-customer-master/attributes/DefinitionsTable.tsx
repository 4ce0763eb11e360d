import { ActionButton } from '@adobe/react-spectrum/ActionButton';
import { Flex } from '@adobe/react-spectrum/Flex';
import { Cell, Column, Row, TableBody, TableHeader, TableView } from '@adobe/react-spectrum/TableView';
import { useDragAndDrop } from '@adobe/react-spectrum/useDragAndDrop';
import ChevronDown from '@spectrum-icons/workflow/ChevronDown';
import ChevronUp from '@spectrum-icons/workflow/ChevronUp';
import Delete from '@spectrum-icons/workflow/Delete';
import Edit from '@spectrum-icons/workflow/Edit';
import LockClosed from '@spectrum-icons/workflow/LockClosed';
import type { ReactNode } from 'react';
import type { Definition, Validation } from '@parley/sdk/contract/customer-definitions';
import { FIELD_TYPE_LABELS, INPUT_TYPE_LABELS } from './definition-form.js';
import { IconAction } from '../../spectrum-parts/IconAction.js';
import { canDropAt, reorderMove, type DropPlace } from './reorder-move.js';

export const COLUMNS = ['Field Label', 'Field Type', 'Input Type', 'Mandatory', 'Min.Char', 'Max.Char', 'Allow Spl Char', 'Allowed Spl Chars.'] as const;
const ACTION = 'Action';
type ColumnName = (typeof COLUMNS)[number] | typeof ACTION;

/** Widths that keep the eight rule columns readable beside the label, the one column that may be long. */
const WIDTHS: Record<ColumnName, { width: number | `${number}fr`; minWidth?: number }> = {
  'Field Label': { width: '2fr', minWidth: 150 },
  'Field Type': { width: 120 },
  'Input Type': { width: 125 },
  Mandatory: { width: 125 },
  'Min.Char': { width: 110 },
  'Max.Char': { width: 110 },
  'Allow Spl Char': { width: 150 },
  'Allowed Spl Chars.': { width: '1fr', minWidth: 170 },
  // Four buttons (40px at Spectrum's large, touch scale), their gaps and the cell's padding: narrower, the row of
  // buttons overflows to the left (it is aligned to the end) and the cell clips Move up out of reach of a pointer.
  Action: { width: 210 },
};

const valueOf = (d: Definition, id: Validation['id']) => d.validations.find((v) => v.id === id)?.value;
const yesNo = (v: boolean) => (v ? 'Yes' : 'No');

/** One definition's cell under a column. */
function cellOf(d: Definition, column: (typeof COLUMNS)[number]): ReactNode {
  switch (column) {
    case 'Field Label':
      return <span className="pcm-def-label">{d.fieldLabel}</span>;
    case 'Field Type':
      return FIELD_TYPE_LABELS[d.fieldType];
    case 'Input Type':
      return d.inputType ? INPUT_TYPE_LABELS[d.inputType] : '-';
    case 'Mandatory':
      return yesNo(d.mandatory);
    case 'Min.Char':
    case 'Max.Char': {
      const n = valueOf(d, column === 'Min.Char' ? 'minValue' : 'maxValue');
      return typeof n === 'number' ? n : '-';
    }
    case 'Allow Spl Char': {
      const allow = valueOf(d, 'allowSpecialChars');
      return typeof allow === 'boolean' ? yesNo(allow) : '-';
    }
    case 'Allowed Spl Chars.': {
      const chars = valueOf(d, 'allowedChars');
      return Array.isArray(chars) && chars.length ? <code className="pcm-def-chars">{chars.join(' ')}</code> : '-';
    }
  }
}

interface Props {
  builtIns: Definition[];
  custom: Definition[];
  /** False for readers: no handles, no actions. */
  editable: boolean;
  busy: boolean;
  onMove(fromIndex: number, toIndex: number): void;
  onEdit(d: Definition): void;
  onDelete(d: Definition): void;
}

/**
 * The Manage Customer Attributes table (customer-master 2): built-ins first and locked, then the custom rows, which
 * move by dragging (Spectrum's drag and drop: the row with a mouse, its drag button, shown on keyboard focus, from the
 * keyboard) or with the up/down buttons.
 */
export function DefinitionsTable({ builtIns, custom, editable, busy, onMove, onEdit, onDelete }: Props) {
  const rows = [...builtIns, ...custom];
  const builtInIds = builtIns.map((d) => d._id);
  const customIds = custom.map((d) => d._id);
  const place = (key: unknown, dropPosition: string): DropPlace | null =>
    dropPosition === 'before' || dropPosition === 'after' ? { key: String(key), position: dropPosition } : null;
  const { dragAndDropHooks } = useDragAndDrop({
    getItems: (keys) => [...keys].map((key) => ({ 'text/plain': rows.find((d) => d._id === key)?.fieldName ?? String(key) })),
    getAllowedDropOperations: () => ['move'],
    // Only between custom rows (or right under the last built-in): the built-ins keep the top.
    getDropOperation: (target) => {
      const at = target.type === 'item' ? place(target.key, target.dropPosition) : null;
      return at && canDropAt(customIds, builtInIds, at) ? 'move' : 'cancel';
    },
    onReorder: (e) => {
      const at = place(e.target.key, e.target.dropPosition);
      const moved = [...e.keys][0];
      const move = at && moved !== undefined ? reorderMove(customIds, builtInIds, String(moved), at) : null;
      if (move && move.from !== move.to) onMove(move.from, move.to);
    },
  });
  const columns: ColumnName[] = editable ? [...COLUMNS, ACTION] : [...COLUMNS];

  const actions = (d: Definition) => {
    const i = customIds.indexOf(d._id);
    if (i < 0) {
      return (
        <span className="pcm-def-locked" title="Built-in fields cannot be changed">
          <LockClosed size="S" aria-hidden="true" /> Built-in
        </span>
      );
    }
    return (
      <Flex gap="size-25" justifyContent="end">
        <ActionButton isQuiet aria-label={`Move ${d.fieldLabel} up`} isDisabled={i === 0 || busy} onPress={() => onMove(i, i - 1)}>
          <ChevronUp />
        </ActionButton>
        <ActionButton isQuiet aria-label={`Move ${d.fieldLabel} down`} isDisabled={i === custom.length - 1 || busy} onPress={() => onMove(i, i + 1)}>
          <ChevronDown />
        </ActionButton>
        <IconAction label={`Edit ${d.fieldLabel}`} tooltip="Edit" onPress={() => onEdit(d)}>
          <Edit />
        </IconAction>
        <IconAction label={`Delete ${d.fieldLabel}`} tooltip="Delete" onPress={() => onDelete(d)}>
          <Delete />
        </IconAction>
      </Flex>
    );
  };

  return (
    <>
      <TableView
        // The profile may answer after the list: TableView runs the drag hooks only when given them, so a table that
        // becomes editable is a new one.
        key={editable ? 'editable' : 'read-only'}
        aria-label="Customer Attributes"
        overflowMode="wrap"
        dragAndDropHooks={editable ? dragAndDropHooks : undefined}
        // Disabled so that they offer no drag handle; they have nothing to select or act on either.
        disabledKeys={builtInIds}
        disabledBehavior="all"
      >
        <TableHeader columns={columns.map((name) => ({ name }))}>
          {(c) => (
            <Column key={c.name} {...WIDTHS[c.name]} align={c.name === ACTION ? 'end' : 'start'}>
              {c.name}
            </Column>
          )}
        </TableHeader>
        <TableBody items={rows} loadingState={busy && !rows.length ? 'loading' : 'idle'}>
          {(d) => (
            <Row key={d._id} textValue={d.fieldLabel}>
              {(column) => <Cell>{column === ACTION ? actions(d) : cellOf(d, column as (typeof COLUMNS)[number])}</Cell>}
            </Row>
          )}
        </TableBody>
      </TableView>
      {!custom.length && !busy && <p className="pcm-def-empty">No custom fields yet{editable ? '. Use Add Fields to define one.' : '.'}</p>}
    </>
  );
}
