import { Checkbox, CheckboxGroup } from '@adobe/react-spectrum';
import { useRoles } from '../roles/use-roles.js';

/** The enterprise's roles, built-in then custom (platform-shell 3, Role & Permission), as checkboxes; at least one is needed. */
export function RoleChecks({ value, onChange, errorMessage }: { value: number[]; onChange(roles: number[]): void; errorMessage?: string | undefined }) {
  const { roles } = useRoles();
  return (
    <CheckboxGroup
      label="Roles"
      isRequired
      necessityIndicator="label"
      value={value.map(String)}
      onChange={(keys) => onChange(keys.map(Number).sort((a, b) => a - b))}
      {...(errorMessage ? { validationState: 'invalid' as const, errorMessage } : {})}
    >
      {roles.map((r) => (
        <Checkbox key={r.id} value={String(r.id)}>
          {r.name}
        </Checkbox>
      ))}
    </CheckboxGroup>
  );
}
