import { ActionButton } from '@adobe/react-spectrum/ActionButton';
import { Button } from '@adobe/react-spectrum/Button';
import { Checkbox } from '@adobe/react-spectrum/Checkbox';
import { Heading } from '@adobe/react-spectrum/Heading';
import { ProgressCircle } from '@adobe/react-spectrum/ProgressCircle';
import { Text } from '@adobe/react-spectrum/Text';
import ArrowLeft from '@spectrum-icons/workflow/ArrowLeft';
import Download from '@spectrum-icons/workflow/Download';
import FileCSV from '@spectrum-icons/workflow/FileCSV';
import { useRef, useState } from 'react';
import type { CsvDelimiter, CustomerCsv } from '@parley/sdk/contract/customers';
import { messageOf, once, useLoad } from '../../internal/use-call.js';
import { useMaster } from '../master-context.js';
import { paths } from '../master-routes.js';
import { saveFile } from '../../browser/save-file.js';
import { headerMappingOf, prematch, type ColumnMapping, type SystemHeader } from './header-mapping.js';
import { HeaderMapping } from './HeaderMapping.js';
import { UploadDone } from './UploadDone.js';
import { UploadTexts } from './upload-texts.js';
import { ensureUploadStyles } from './upload-styles.js';

interface Parsed {
  uploadId: string;
  fileName: string;
  columns: string[];
  system: SystemHeader[];
  delimiter: CsvDelimiter;
  encoding: string;
  preview: string[][];
}

type UploadReply = {
  uploadId: string;
  parsedHeaders: { systemHeaders: SystemHeader[]; userHeaders: string[] };
  delimiter: CsvDelimiter;
  encoding: string;
  preview: string[][];
};
const parsedOf = (reply: UploadReply, fileName: string): Parsed => ({
  uploadId: reply.uploadId,
  fileName,
  columns: reply.parsedHeaders.userHeaders,
  system: reply.parsedHeaders.systemHeaders,
  delimiter: reply.delimiter,
  encoding: reply.encoding,
  preview: reply.preview,
});

const isCsv = (file: File) => file.name.toLowerCase().endsWith('.csv') || file.type === 'text/csv';

/**
 * Upload Data (customer-master 2 and 4): choose a csv (stored and its header row read), map its columns to customer
 * fields, then Upload starts the import and the success card follows its progress.
 */
export function UploadData({ segmentId }: { segmentId: string }) {
  ensureUploadStyles();
  const { client, navigate, toast } = useMaster();
  const segments = useLoad(() => client.customers.tags({}), [client]);
  const segmentName = segments.data?.tags.find((t) => t.id === segmentId)?.name;
  const input = useRef<HTMLInputElement>(null);
  const [replace, setReplace] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const [parsed, setParsed] = useState<Parsed | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping>({});
  const [starting, setStarting] = useState(false);
  const [started, setStarted] = useState<CustomerCsv | null>(null);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setParsed(null);
    if (!isCsv(file)) {
      setFileError(UploadTexts.csvOnly);
      toast(UploadTexts.csvOnly, 'error');
      return;
    }
    setFileError(null);
    setReading(true);
    try {
      const reply = await once(client.customers.upload({ file, segmentId, replace }));
      setParsed(parsedOf(reply, file.name));
      setMapping(prematch(reply.parsedHeaders.userHeaders, reply.parsedHeaders.systemHeaders));
    } catch (e) {
      toast(messageOf(e), 'error');
    } finally {
      setReading(false);
      // The same file chosen again (after fixing it) must fire a change.
      if (input.current) input.current.value = '';
    }
  };

  /** The file read again with another delimiter: its columns change, so the mapping starts again from them. */
  const changeDelimiter = async (delimiter: CsvDelimiter) => {
    if (!parsed || delimiter === parsed.delimiter) return;
    setReading(true);
    try {
      const reply = await once(client.customers.uploadDelimiter({ uploadId: parsed.uploadId, delimiter }));
      setParsed(parsedOf(reply, parsed.fileName));
      setMapping(prematch(reply.parsedHeaders.userHeaders, reply.parsedHeaders.systemHeaders));
    } catch (e) {
      toast(messageOf(e), 'error');
    } finally {
      setReading(false);
    }
  };

  const start = async () => {
    if (!parsed || starting) return;
    setStarting(true);
    try {
      const reply = await once(
        client.customers.startUpload({ uploadId: parsed.uploadId, headerMapping: headerMappingOf(parsed.columns, mapping), replace, segmentId }),
      );
      setStarted(reply.customerCSV);
    } catch (e) {
      toast(messageOf(e), 'error');
    }
    setStarting(false);
  };

  const reset = () => {
    setStarted(null);
    setParsed(null);
    setMapping({});
  };

  return (
    <div className="pad-page pcm-up-page pcm-up-upload">
      <header className="pcm-up-header">
        <ActionButton isQuiet aria-label="Back to customers" onPress={() => navigate(paths.customers())}>
          <ArrowLeft />
        </ActionButton>
        <div className="pcm-up-title">
          <Heading level={2} margin={0}>
            Upload Data
          </Heading>
          {/* The line is there before the name arrives, so the card below (and its Download Sample) never moves. */}
          <span className="pcm-up-sub pcm-up-segment">{segmentName && `Segment: ${segmentName}`}</span>
        </div>
        <Button variant="secondary" onPress={() => navigate(paths.uploads(segmentId))}>
          View My Uploads
        </Button>
      </header>

      {started ? (
        <UploadDone upload={started} onAnother={reset} />
      ) : (
        <>
          <section className="pcm-up-card" aria-label="Choose file">
            <div className="pcm-up-choose">
              <label className="pcm-up-file" data-invalid={fileError ? true : undefined}>
                <input
                  ref={input}
                  type="file"
                  accept=".csv,text/csv"
                  aria-label="CSV file"
                  className="pcm-visually-hidden"
                  disabled={reading || starting}
                  onChange={(e) => void choose(e.currentTarget.files?.[0])}
                />
                <FileCSV size="M" aria-hidden="true" />
                <span>{parsed ? parsed.fileName : 'Choose a CSV file'}</span>
                {reading && <ProgressCircle aria-label="Reading file" isIndeterminate size="S" />}
              </label>
              <ActionButton
                onPress={() =>
                  void once(client.downloadCustomerSampleCsv()).then(
                    ({ blob, fileName }) => saveFile(blob, fileName),
                    (e: unknown) => toast(messageOf(e), 'error'),
                  )
                }
              >
                <Download />
                <Text>Download Sample</Text>
              </ActionButton>
            </div>
            {fileError && (
              <p className="pcm-up-file-error" role="alert">
                {fileError}
              </p>
            )}
            <Checkbox isSelected={replace} onChange={setReplace} isDisabled={starting}>
              Replace Existing Records
            </Checkbox>
            <p className="pcm-up-help">
              When checked, this segment's members become exactly the file's accepted rows: customers not in the file leave this segment, but stay in the
              customer master. Otherwise the file's customers are added to the segment.
            </p>
          </section>
          {parsed && (
            <HeaderMapping
              file={parsed}
              mapping={mapping}
              onChange={setMapping}
              onDelimiter={(d) => void changeDelimiter(d)}
              busy={starting || reading}
              onUpload={() => void start()}
            />
          )}
        </>
      )}
    </div>
  );
}
