import { TextArea, TextField, type TextFieldRef } from '@adobe/react-spectrum';
import type { Ref } from 'react';
import { useEditor } from './editor-context.js';

interface CountedFieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  /** The spec's limit: the counter turns red past it. */
  max: number;
  /** The error's field name, as the server names it. */
  field?: string;
  multiline?: boolean;
  placeholder?: string;
  description?: string;
  inputRef?: Ref<TextFieldRef<HTMLTextAreaElement>>;
}

/** A text input with a `n / max` counter at its label's end; over the limit both turn red. */
export function CountedField({ label, value, onChange, max, field, multiline, placeholder, description, inputRef }: CountedFieldProps) {
  const { readOnly, errors } = useEditor();
  const over = value.length > max;
  const error = field ? errors[field] : undefined;
  const common = {
    label,
    value,
    onChange,
    placeholder,
    description,
    width: '100%',
    isReadOnly: readOnly,
    validationState: over || error ? ('invalid' as const) : undefined,
    errorMessage: error,
  };
  return (
    <div className="tpl-counted">
      <span className="tpl-counter" data-over={over} aria-live="polite" aria-label={`${value.length} of ${max} characters`}>
        {value.length}/{max}
      </span>
      {multiline ? <TextArea {...common} ref={inputRef} height="size-1600" /> : <TextField {...common} />}
    </div>
  );
}
