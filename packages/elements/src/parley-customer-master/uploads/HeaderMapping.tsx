import { Button, Item, Picker } from '@adobe/react-spectrum';
import { SKIP, missingMandatory, repeatedColumns, type ColumnMapping, type SystemHeader } from './header-mapping.js';

interface Props {
  columns: string[];
  system: SystemHeader[];
  mapping: ColumnMapping;
  onChange(mapping: ColumnMapping): void;
  busy: boolean;
  onUpload(): void;
}

/**
 * The mapping table (customer-master 2): one row per column of the file, with the customer field it fills. Upload
 * waits until every mandatory field has a column and no field has two.
 */
export function HeaderMapping({ columns, system, mapping, onChange, busy, onUpload }: Props) {
  const missing = missingMandatory(system, mapping);
  const repeated = repeatedColumns(columns, mapping);
  const options = [{ id: SKIP, label: 'Do not import', mandatory: false }, ...system];
  return (
    <section className="pcm-up-card" aria-label="Map columns">
      <h3 className="pcm-up-card-title">Map the file's columns to customer fields</h3>
      <div className="pcm-up-table-wrap">
        <table className="pcm-up-table pcm-up-mapping" aria-label="Column mapping">
          <thead>
            <tr>
              <th scope="col">Headers</th>
              <th scope="col">Value</th>
            </tr>
          </thead>
          <tbody>
            {columns.map((column) => (
              <tr key={column} data-column={column}>
                <td className="pcm-up-column">{column}</td>
                <td>
                  <Picker
                    aria-label={`Value for ${column}`}
                    selectedKey={mapping[column] ?? SKIP}
                    onSelectionChange={(key) => onChange({ ...mapping, [column]: String(key) })}
                    validationState={repeated.has(column) ? 'invalid' : undefined}
                    errorMessage={repeated.has(column) ? 'This field is already mapped to another column' : undefined}
                    isDisabled={busy}
                    width="100%"
                  >
                    {options.map((o) => (
                      <Item key={o.id}>{o.label}</Item>
                    ))}
                  </Picker>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <footer className="pcm-up-mapping-footer">
        <p className="pcm-up-missing" role={missing.length ? 'alert' : undefined}>
          {missing.length
            ? `Mandatory fields not mapped: ${missing.map((m) => m.label).join(', ')}`
            : `Mandatory fields: ${system
                .filter((s) => s.mandatory)
                .map((s) => s.label)
                .join(', ')}`}
        </p>
        <Button variant="accent" onPress={onUpload} isDisabled={missing.length > 0 || repeated.size > 0} isPending={busy}>
          Upload
        </Button>
      </footer>
    </section>
  );
}
