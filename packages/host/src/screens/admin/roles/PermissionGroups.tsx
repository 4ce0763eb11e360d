import { Checkbox, CheckboxGroup } from '@adobe/react-spectrum';
import type { RoleConfigGroup } from '@parley/sdk/contract/profile';
import { PERMISSION_GROUP_LABELS } from '@parley/sdk/contract/role-texts';

interface Props {
  config: readonly RoleConfigGroup[];
  value: ReadonlySet<string>;
  onChange(next: Set<string>): void;
  isReadOnly: boolean;
  /** A permission the editor may not tick (they do not hold it and the role does not have it already). */
  isLocked(permission: string): boolean;
}

/**
 * The role config (platform-shell 3, 6) as one checkbox group per permission group. The group's own checkbox ticks or
 * unticks the whole group at once (mixed while only some are ticked).
 */
export function PermissionGroups({ config, value, onChange, isReadOnly, isLocked }: Props) {
  return (
    <div className="roles-groups">
      {config.map((group) => {
        const keys = group.values.map((v) => `${group.id}.${v.id}`);
        const ticked = keys.filter((k) => value.has(k));
        const label = PERMISSION_GROUP_LABELS[group.id] ?? group.id;
        const setGroup = (on: boolean) => {
          const next = new Set(value);
          for (const k of keys)
            if (!on) next.delete(k);
            else if (!isLocked(k)) next.add(k);
          onChange(next);
        };
        const setItems = (chosen: string[]) => {
          const next = new Set([...value].filter((k) => !keys.includes(k)));
          for (const k of chosen) next.add(k);
          onChange(next);
        };
        return (
          <div key={group.id} className="roles-group">
            <Checkbox
              isSelected={ticked.length === keys.length}
              isIndeterminate={ticked.length > 0 && ticked.length < keys.length}
              isReadOnly={isReadOnly}
              onChange={setGroup}
              UNSAFE_className="roles-group-all"
            >
              {label}
            </Checkbox>
            <CheckboxGroup aria-label={`${label} permissions`} value={ticked} onChange={setItems} isReadOnly={isReadOnly} UNSAFE_className="roles-group-items">
              {group.values.map((v) => (
                <Checkbox key={v.id} value={`${group.id}.${v.id}`} isDisabled={!isReadOnly && isLocked(`${group.id}.${v.id}`)}>
                  {v.value}
                </Checkbox>
              ))}
            </CheckboxGroup>
          </div>
        );
      })}
    </div>
  );
}
