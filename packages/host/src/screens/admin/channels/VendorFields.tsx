import { Item, Picker, TextField } from '@adobe/react-spectrum';
import { VENDOR_FORMS, type VendorField, type VendorId } from '@parley/sdk/contract/channel-texts';
import { isMasked, vendorFieldPath } from './channel-form-state.js';
import { SecretField } from './SecretField.js';

interface Props {
  vendor: VendorId;
  values: Record<string, string>;
  error(path: string): string | undefined;
  onChange(key: string, value: string): void;
  onBlur(path: string): void;
}

const SAVED_SECRET = 'Saved. Type a new one to replace it.';

/** The vendor's own fields, exactly as VENDOR_FORMS lists them (platform-shell 5, the vendor form table). */
export function VendorFields({ vendor, values, error, onChange, onBlur }: Props) {
  return (
    <>
      {VENDOR_FORMS[vendor].map((field) => (
        <VendorInput
          key={`${vendor}:${field.key}`}
          field={field}
          value={values[field.key] ?? ''}
          error={error(vendorFieldPath(field.key))}
          onChange={(v) => onChange(field.key, v)}
          onBlur={() => onBlur(vendorFieldPath(field.key))}
        />
      ))}
    </>
  );
}

function VendorInput({
  field,
  value,
  error,
  onChange,
  onBlur,
}: {
  field: VendorField;
  value: string;
  error?: string;
  onChange(v: string): void;
  onBlur(): void;
}) {
  const common = {
    label: field.label,
    isRequired: field.required,
    necessityIndicator: 'icon' as const,
    errorMessage: error,
    validationState: error ? ('invalid' as const) : undefined,
    width: '100%',
  };
  if (field.kind === 'secret') {
    const description = [field.help, isMasked(value) ? SAVED_SECRET : undefined].filter(Boolean).join(' ') || undefined;
    return (
      <SecretField
        label={field.label}
        value={value}
        isRequired={field.required}
        description={description}
        errorMessage={error}
        onChange={onChange}
        onBlur={onBlur}
      />
    );
  }
  if (field.kind === 'select') {
    return (
      <Picker
        {...common}
        items={field.options ?? []}
        selectedKey={value || null}
        onSelectionChange={(key) => (onChange(String(key)), onBlur())}
        description={field.help}
      >
        {(o) => <Item key={o.value}>{o.label}</Item>}
      </Picker>
    );
  }
  const type = field.kind === 'phone' ? 'tel' : field.kind === 'url' ? 'url' : 'text';
  return <TextField {...common} type={type} value={value} onChange={onChange} onBlur={onBlur} description={field.help} autoComplete="off" />;
}
