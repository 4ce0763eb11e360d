import { Checkbox, CheckboxGroup } from '@adobe/react-spectrum';
import { ROLE_NAMES, type RoleId } from '@parley/sdk/contract/permissions';

const ROLE_IDS = Object.keys(ROLE_NAMES).map(Number) as RoleId[];

export const roleNames = (roles: readonly number[]) => roles.map((r) => ROLE_NAMES[r as RoleId] ?? String(r)).join(', ');

/** The built-in roles (platform-shell 3) as checkboxes; at least one is needed. */
export function RoleChecks({ value, onChange, errorMessage }: { value: number[]; onChange(roles: number[]): void; errorMessage?: string | undefined }) {
  return (
    <CheckboxGroup
      label="Roles"
      isRequired
      necessityIndicator="label"
      value={value.map(String)}
      onChange={(keys) => onChange(keys.map(Number).sort())}
      {...(errorMessage ? { validationState: 'invalid' as const, errorMessage } : {})}
    >
      {ROLE_IDS.map((id) => (
        <Checkbox key={id} value={String(id)}>
          {ROLE_NAMES[id]}
        </Checkbox>
      ))}
    </CheckboxGroup>
  );
}
