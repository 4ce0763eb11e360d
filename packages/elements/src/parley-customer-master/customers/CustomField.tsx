import { Checkbox } from '@adobe/react-spectrum/Checkbox';
import { CheckboxGroup } from '@adobe/react-spectrum/CheckboxGroup';
import { Item, Picker } from '@adobe/react-spectrum/Picker';
import { TextArea } from '@adobe/react-spectrum/TextArea';
import { TextField } from '@adobe/react-spectrum/TextField';
import { CustomerLimits } from '@parley/sdk/contract/customer-texts';
import type { Definition } from '@parley/sdk/contract/customer-definitions';
import { isMultiple, optionsOf, type FieldValue } from './customer-draft.js';

interface Props {
  definition: Definition;
  value: FieldValue | undefined;
  error: string | undefined;
  isDisabled: boolean;
  onChange(value: FieldValue): void;
}

/**
 * One custom field of the customer form, by its definition's type: text, textarea, a single select (Picker) or a
 * multiple select (checkboxes); label, help text and the mandatory mark come from the definition.
 */
export function CustomField({ definition: d, value, error, isDisabled, onChange }: Props) {
  const common = {
    label: d.fieldLabel,
    description: d.fieldHelpText || undefined,
    isRequired: d.mandatory,
    necessityIndicator: 'icon' as const,
    isDisabled,
    validationState: error ? ('invalid' as const) : undefined,
    errorMessage: error,
  };
  const text = typeof value === 'string' ? value : '';
  if (d.fieldType === 'textarea') return <TextArea {...common} value={text} onChange={onChange} maxLength={CustomerLimits.fieldValueChars} />;
  if (d.fieldType === 'selectbox-singlevalue') {
    const options = optionsOf(d);
    return (
      <Picker {...common} placeholder="Select" selectedKey={text || null} onSelectionChange={(key) => onChange(key === null ? '' : String(key))}>
        {options.map((o) => (
          <Item key={o}>{o}</Item>
        ))}
      </Picker>
    );
  }
  if (isMultiple(d)) {
    return (
      <CheckboxGroup {...common} value={Array.isArray(value) ? value : []} onChange={onChange} orientation="horizontal">
        {optionsOf(d).map((o) => (
          <Checkbox key={o} value={o}>
            {o}
          </Checkbox>
        ))}
      </CheckboxGroup>
    );
  }
  return <TextField {...common} value={text} onChange={onChange} maxLength={CustomerLimits.fieldValueChars} />;
}
