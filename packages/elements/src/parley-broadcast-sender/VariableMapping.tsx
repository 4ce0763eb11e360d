import { ActionButton } from '@adobe/react-spectrum/ActionButton';
import { Item, Menu } from '@adobe/react-spectrum/Menu';
import { MenuTrigger } from '@adobe/react-spectrum/MenuTrigger';
import { Picker } from '@adobe/react-spectrum/Picker';
import { TabList, TabPanels, Tabs } from '@adobe/react-spectrum/Tabs';
import { TextField } from '@adobe/react-spectrum/TextField';
import type { Key } from 'react';
import { BroadcastMessages, MAP_TYPE_LABELS, type MapType } from '@parley/sdk/contract/broadcast-texts';
import { GROUPS, type ExpressionCheck, type Mapping, type Slot } from './form-model.js';
import { SenderTexts } from './sender-texts.js';

export interface Column {
  /** What the mapping sends: `name`, `phoneNumber` or a custom field's `fieldName`. */
  field: string;
  label: string;
}

export interface VariableMappingProps {
  main: readonly Slot[];
  cards: readonly { card: number; slots: readonly Slot[] }[];
  mappings: Readonly<Record<string, Mapping | undefined>>;
  onChange(key: string, mapping: Mapping): void;
  columns: readonly Column[];
  expressions: Readonly<Record<string, ExpressionCheck | undefined>>;
  /** Rows Send found unfilled. */
  bad: ReadonlySet<string>;
  error?: string;
  isDisabled?: boolean;
}

/**
 * How a field is written in an expression: by the label the user reads everywhere (the server takes a label as well
 * as a name), unless another field is called that too, when only its name is sure to mean it.
 */
export function fieldToken(column: Column, columns: readonly Column[]): string {
  const label = column.label.trim().toLowerCase();
  const clash = columns.some((c) => c !== column && (c.label.trim().toLowerCase() === label || c.field.toLowerCase() === label));
  return `{${clash || /[{}]/.test(column.label) ? column.field : column.label.trim()}}`;
}

/** Spec 9: Expression is for URL variables only. */
const typesFor = (slot: Slot): MapType[] => (slot.type === 'url' ? ['static', 'column', 'expression'] : ['static', 'column']);

function ValueField({
  slot,
  mapping,
  columns,
  check,
  invalid,
  isDisabled,
  onChange,
}: {
  slot: Slot;
  mapping: Mapping;
  columns: readonly Column[];
  check: ExpressionCheck | undefined;
  invalid: boolean;
  isDisabled?: boolean;
  onChange(m: Mapping): void;
}) {
  const label = `Value of ${slot.name}`;
  if (mapping.type === 'column') {
    return (
      <Picker
        aria-label={label}
        width="100%"
        items={columns}
        selectedKey={mapping.value || null}
        onSelectionChange={(key: Key | null) => onChange({ ...mapping, value: String(key ?? '') })}
        isDisabled={isDisabled}
        validationState={invalid ? 'invalid' : undefined}
      >
        {(c) => <Item key={c.field}>{c.label}</Item>}
      </Picker>
    );
  }
  const expression = mapping.type === 'expression';
  const value = mapping.value.trim();
  const found = expression && value && check === 'found';
  const notFound = expression && value && check === 'none';
  const input = (
    <TextField
      aria-label={label}
      width="100%"
      value={mapping.value}
      onChange={(value) => onChange({ ...mapping, value })}
      isDisabled={isDisabled}
      validationState={notFound || invalid ? 'invalid' : found ? 'valid' : undefined}
      errorMessage={notFound ? BroadcastMessages.urlVariableNotFound : undefined}
      description={found ? BroadcastMessages.urlVariablesMapped : expression ? SenderTexts.expressionHelp : undefined}
    />
  );
  if (!expression) return input;
  return (
    <div className="pbs-expression">
      {input}
      <MenuTrigger>
        <ActionButton isDisabled={isDisabled} aria-label={`${SenderTexts.insertField} into ${slot.name}`}>
          {SenderTexts.insertField}
        </ActionButton>
        <Menu
          items={columns}
          onAction={(key) => {
            const column = columns.find((c) => c.field === key);
            if (column) onChange({ ...mapping, value: mapping.value + fieldToken(column, columns) });
          }}
        >
          {(c) => <Item key={c.field}>{c.label}</Item>}
        </Menu>
      </MenuTrigger>
    </div>
  );
}

function Rows({ slots, ...props }: Omit<VariableMappingProps, 'main' | 'cards' | 'error'> & { slots: readonly Slot[] }) {
  return (
    <>
      {GROUPS.map(({ component, label }) => {
        const rows = slots.filter((s) => s.component === component);
        if (!rows.length) return null;
        return (
          <div key={component} className="pbs-group" role="group" aria-label={label}>
            <h4 className="pbs-group-title">{label}</h4>
            {rows.map((slot) => {
              const mapping = props.mappings[slot.key] ?? { type: 'static', value: '' };
              return (
                <div key={slot.key} className="pbs-map-row" data-key={slot.key}>
                  <span className="pbs-var" title={slot.type === 'url' ? 'URL variable' : undefined}>
                    {slot.name}
                    {slot.type === 'url' && <span className="pbs-var-kind">URL</span>}
                  </span>
                  <Picker
                    aria-label={`Value type of ${slot.name}`}
                    width="100%"
                    selectedKey={mapping.type}
                    onSelectionChange={(key: Key | null) => key && props.onChange(slot.key, { type: key as MapType, value: '' })}
                    isDisabled={props.isDisabled}
                  >
                    {typesFor(slot).map((t) => (
                      <Item key={t}>{MAP_TYPE_LABELS[t]}</Item>
                    ))}
                  </Picker>
                  <ValueField
                    slot={slot}
                    mapping={mapping}
                    columns={props.columns}
                    check={props.expressions[mapping.value.trim()]}
                    invalid={props.bad.has(slot.key)}
                    isDisabled={props.isDisabled}
                    onChange={(m) => props.onChange(slot.key, m)}
                  />
                </div>
              );
            })}
          </div>
        );
      })}
    </>
  );
}

/**
 * The variable mapping component (spec 2): per group of variables (Header, Body, Buttons) rows of variable, value
 * type and value; a carousel's cards in tabs, 'No Variable found in this card' where a card has none.
 */
export function VariableMapping(props: VariableMappingProps) {
  const { main, cards, error } = props;
  if (!main.length && !cards.length) return null;
  return (
    <section className="pbs-mapping" aria-label="Variable mapping">
      <h3 className="pbs-section-title">Variable mapping</h3>
      {error && (
        <p className="pbs-error" role="alert">
          {error}
        </p>
      )}
      <Rows {...props} slots={main} />
      {cards.length > 0 && (
        <Tabs aria-label="Cards" items={cards.map((c) => ({ ...c, id: `card-${c.card}` }))} density="compact">
          <TabList>
            {(c: { id: string; card: number; slots: readonly Slot[] }) => (
              <Item key={c.id} textValue={`Card ${c.card}`}>
                {/* A card Send found incomplete is marked on its tab, so the user knows which to open. */}
                <span className="pbs-tab" data-invalid={c.slots.some((s) => props.bad.has(s.key)) ? '' : undefined}>{`Card ${c.card}`}</span>
              </Item>
            )}
          </TabList>
          <TabPanels>
            {(c: { id: string; card: number; slots: readonly Slot[] }) => (
              <Item key={c.id}>
                <div className="pbs-card-panel">
                  {c.slots.length ? <Rows {...props} slots={c.slots} /> : <p className="pbs-muted">{BroadcastMessages.noVariableInCard}</p>}
                </div>
              </Item>
            )}
          </TabPanels>
        </Tabs>
      )}
    </section>
  );
}
