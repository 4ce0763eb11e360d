import { ActionButton, Flex, TextField } from '@adobe/react-spectrum';
import Visibility from '@spectrum-icons/workflow/Visibility';
import VisibilityOff from '@spectrum-icons/workflow/VisibilityOff';
import { useState } from 'react';
import { isMasked } from './channel-form-state.js';

interface Props {
  label: string;
  value: string;
  isRequired: boolean;
  description?: string;
  errorMessage?: string;
  onChange(value: string): void;
  onBlur(): void;
}

/**
 * A vendor secret: hidden unless shown. A saved secret arrives masked (SECRET_MASK and its last four characters);
 * typing into it starts a new secret rather than editing the mask, which the server would read as "keep the saved one".
 */
export function SecretField({ label, value, isRequired, description, errorMessage, onChange, onBlur }: Props) {
  const [shown, setShown] = useState(false);
  const change = (next: string) => {
    if (isMasked(value) && next !== value) {
      // Typed after the mask: keep what was typed. Edited inside the mask: start over.
      next = next.startsWith(value) ? next.slice(value.length) : isMasked(next) ? '' : next;
    }
    onChange(next);
  };
  return (
    <Flex alignItems="end" gap="size-50" width="100%">
      <TextField
        label={label}
        type={shown ? 'text' : 'password'}
        value={value}
        onChange={change}
        onBlur={onBlur}
        onFocus={(e) => isMasked(value) && (e.target as HTMLInputElement).select()}
        isRequired={isRequired}
        necessityIndicator="icon"
        description={description}
        errorMessage={errorMessage}
        validationState={errorMessage ? 'invalid' : undefined}
        autoComplete="new-password"
        flex={1}
      />
      <ActionButton
        isQuiet
        aria-label={`${shown ? 'Hide' : 'Show'} ${label}`}
        onPress={() => setShown(!shown)}
        UNSAFE_className="secret-toggle"
        UNSAFE_style={{ marginBottom: errorMessage || description ? 'var(--spectrum-global-dimension-size-300, 24px)' : 0 }}
      >
        {shown ? <VisibilityOff /> : <Visibility />}
      </ActionButton>
    </Flex>
  );
}
