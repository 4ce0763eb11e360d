import { ActionButton } from '@adobe/react-spectrum/ActionButton';
import ChevronDown from '@spectrum-icons/workflow/ChevronDown';
import ChevronUp from '@spectrum-icons/workflow/ChevronUp';
import Delete from '@spectrum-icons/workflow/Delete';
import DragHandle from '@spectrum-icons/workflow/DragHandle';
import Edit from '@spectrum-icons/workflow/Edit';
import LockClosed from '@spectrum-icons/workflow/LockClosed';
import { useState, type ReactNode } from 'react';
import type { Definition, Validation } from '@parley/sdk/contract/customer-definitions';
import { FIELD_TYPE_LABELS, INPUT_TYPE_LABELS } from './definition-form.js';
import { IconAction } from '../../spectrum-parts/IconAction.js';

export const COLUMNS = ['Field Label', 'Field Type', 'Input Type', 'Mandatory', 'Min.Char', 'Max.Char', 'Allow Spl Char', 'Allowed Spl Chars.'] as const;

const valueOf = (d: Definition, id: Validation['id']) => d.validations.find((v) => v.id === id)?.value;
const yesNo = (v: boolean) => (v ? 'Yes' : 'No');

/** One definition's cells, in COLUMNS order. */
function cells(d: Definition): ReactNode[] {
  const min = valueOf(d, 'minValue');
  const max = valueOf(d, 'maxValue');
  const allow = valueOf(d, 'allowSpecialChars');
  const chars = valueOf(d, 'allowedChars');
  return [
    <span className="pcm-def-label">{d.fieldLabel}</span>,
    FIELD_TYPE_LABELS[d.fieldType],
    d.inputType ? INPUT_TYPE_LABELS[d.inputType] : '-',
    yesNo(d.mandatory),
    typeof min === 'number' ? min : '-',
    typeof max === 'number' ? max : '-',
    typeof allow === 'boolean' ? yesNo(allow) : '-',
    Array.isArray(chars) && chars.length ? <code className="pcm-def-chars">{chars.join(' ')}</code> : '-',
  ];
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
 * move by dragging their handle (HTML5 drag and drop) or with the up/down buttons for keyboard users.
 */
export function DefinitionsTable({ builtIns, custom, editable, busy, onMove, onEdit, onDelete }: Props) {
  const [dragged, setDragged] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const span = COLUMNS.length + (editable ? 2 : 0);
  const drop = (to: number) => {
    if (dragged !== null && dragged !== to) onMove(dragged, to);
    setDragged(null);
    setOver(null);
  };

  return (
    <div className="pcm-def-table-wrap">
      <table className="pcm-def-table" aria-label="Customer Attributes" aria-busy={busy}>
        <thead>
          <tr>
            {editable && (
              <th scope="col" className="pcm-def-handle">
                <span className="pcm-visually-hidden">Order</span>
              </th>
            )}
            {COLUMNS.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
            {editable && (
              <th scope="col" className="pcm-def-actions">
                Action
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {builtIns.map((d) => (
            <tr key={d._id} className="pcm-def-builtin" data-field={d.fieldName}>
              {editable && <td className="pcm-def-handle" />}
              {cells(d).map((c, i) => (
                <td key={i}>{c}</td>
              ))}
              {editable && (
                <td className="pcm-def-actions">
                  <span className="pcm-def-locked" title="Built-in fields cannot be changed">
                    <LockClosed size="S" aria-hidden="true" /> Built-in
                  </span>
                </td>
              )}
            </tr>
          ))}
          {custom.map((d, i) => (
            <tr
              key={d._id}
              data-field={d.fieldName}
              draggable={editable}
              data-dragging={dragged === i || undefined}
              data-over={over === i && dragged !== null && dragged !== i ? (dragged < i ? 'below' : 'above') : undefined}
              onDragStart={(e) => {
                e.dataTransfer.effectAllowed = 'move';
                e.dataTransfer.setData('text/plain', d.fieldName);
                setDragged(i);
              }}
              onDragOver={(e) => {
                if (dragged === null) return;
                e.preventDefault();
                setOver(i);
              }}
              onDrop={(e) => {
                e.preventDefault();
                drop(i);
              }}
              onDragEnd={() => {
                setDragged(null);
                setOver(null);
              }}
            >
              {editable && (
                <td className="pcm-def-handle" title="Drag to reorder">
                  <DragHandle size="S" aria-hidden="true" />
                </td>
              )}
              {cells(d).map((c, n) => (
                <td key={n}>{c}</td>
              ))}
              {editable && (
                <td className="pcm-def-actions">
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
                </td>
              )}
            </tr>
          ))}
          {!custom.length && !busy && (
            <tr className="pcm-def-empty">
              <td colSpan={span}>No custom fields yet{editable ? '. Use Add Fields to define one.' : '.'}</td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
