import { Button } from '@adobe/react-spectrum/Button';
import { Item, Picker } from '@adobe/react-spectrum/Picker';
import { CSV_DELIMITERS, DELIMITER_NAMES, type CsvDelimiter } from '@parley/sdk/contract/customer-texts';
import { SKIP, missingMandatory, repeatedColumns, type ColumnMapping, type SystemHeader } from './header-mapping.js';

interface Props {
  /** The file as the server read it: its columns, the fields they can go to, its delimiter, encoding and first rows. */
  file: { columns: string[]; system: SystemHeader[]; delimiter: CsvDelimiter; encoding: string; preview: string[][] };
  mapping: ColumnMapping;
  onChange(mapping: ColumnMapping): void;
  onDelimiter(delimiter: CsvDelimiter): void;
  busy: boolean;
  onUpload(): void;
}

/** A column's first values as read, for the user to recognise it (and to see a wrong encoding or delimiter). */
const samplesOf = (preview: string[][], index: number) =>
  preview
    .map((row) => (row[index] ?? '').replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join(' · ');

/**
 * The mapping table (customer-master 2): one row per column of the file, with its first values and the customer
 * field it fills. Above it, how the file was read: its encoding, and its delimiter, which the user may change (the
 * columns are then read again). Upload waits until every mandatory field has a column and no field has two.
 */
export function HeaderMapping({ file, mapping, onChange, onDelimiter, busy, onUpload }: Props) {
  const { columns, system } = file;
  const missing = missingMandatory(system, mapping);
  const repeated = repeatedColumns(columns, mapping);
  const options = [{ id: SKIP, label: 'Do not import', mandatory: false }, ...system];
  return (
    <section className="pcm-up-card" aria-label="Map columns">
      <h3 className="pcm-up-card-title">Map the file's columns to customer fields</h3>
      <div className="pcm-up-reading">
        <Picker
          label="Columns separated by"
          selectedKey={file.delimiter}
          onSelectionChange={(key) => onDelimiter(key as CsvDelimiter)}
          isDisabled={busy}
          width="size-2400"
        >
          {CSV_DELIMITERS.map((d) => (
            <Item key={d}>{DELIMITER_NAMES[d]}</Item>
          ))}
        </Picker>
        <p className="pcm-up-encoding">
          Read as <strong>{file.encoding}</strong>
          {file.encoding !== 'UTF-8' && '. If names look wrong in the sample values, save the file as CSV UTF-8 and upload it again.'}
        </p>
      </div>
      {/* A form laid out as a table, not a list: a Spectrum TableView would make each row a grid row that takes the
          arrow keys and presses its Pickers need, and draws only the rows in view, so a field could go unrendered. */}
      <div className="pcm-up-table-wrap">
        <table className="pcm-up-table pcm-up-mapping" aria-label="Column mapping">
          <thead>
            <tr>
              <th scope="col">Headers</th>
              <th scope="col">Sample values</th>
              <th scope="col">Value</th>
            </tr>
          </thead>
          <tbody>
            {columns.map((column, index) => (
              <tr key={column} data-column={column}>
                <td className="pcm-up-column">{column}</td>
                <td className="pcm-up-samples">{samplesOf(file.preview, index)}</td>
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
