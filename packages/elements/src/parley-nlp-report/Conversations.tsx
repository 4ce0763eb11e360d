import { Button } from '@adobe/react-spectrum/Button';
import { Content } from '@adobe/react-spectrum/Content';
import { Dialog } from '@adobe/react-spectrum/Dialog';
import { DialogContainer } from '@adobe/react-spectrum/DialogContainer';
import { Divider } from '@adobe/react-spectrum/Divider';
import { Flex } from '@adobe/react-spectrum/Flex';
import { Heading } from '@adobe/react-spectrum/Heading';
import { Item, Picker } from '@adobe/react-spectrum/Picker';
import { ProgressCircle } from '@adobe/react-spectrum/ProgressCircle';
import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { ConversationRow } from '@parley/sdk/contract/nlp-reports';
import type { ToastVariant } from '../internal/toasts.js';
import { messageOf, once, useLoad } from '../internal/use-call.js';
import { emojiOf } from './emotions.js';
import { confidenceText, formatRowDate } from './format.js';
import type { ReportClient } from './report-client.js';
import type { RangeInput } from './report-range.js';
import { saveFile } from '../browser/save-file.js';
import { renderTinyMarkdown } from '../markdown/tiny-markdown.js';

/** A bot reply as the customer saw it in Try-it: markdown rendered and sanitised by the same renderer. */
function Reply({ markdown }: { markdown: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    ref.current?.replaceChildren(renderTinyMarkdown(markdown));
  }, [markdown]);
  return <div ref={ref} className="pnr-reply" />;
}

/** A prompt agent's collected variables (issue 38), under its reply: each name with its value, or a dash while missing. */
function CollectedData({ data }: { data: Record<string, string | null> }) {
  return (
    <dl className="pnr-collected">
      {Object.entries(data).map(([name, value]) => (
        <div key={name}>
          <dt>{name}</dt>
          <dd>{value ?? '–'}</dd>
        </div>
      ))}
    </dl>
  );
}

/** agent-designer 9: 50 conversation rows per page. */
export const ROWS_PER_PAGE = 50;

/** The scope filter, with the spec's own spellings (agent-designer 2). */
export type Scope = 0 | 1 | 2;
export const SCOPES: { key: Scope; label: string }[] = [
  { key: 0, label: 'All' },
  { key: 1, label: 'Scopped' },
  { key: 2, label: 'Non Scopped' },
];

const COLUMNS = ['Message', 'Date', 'Intent Identified', 'Intent', 'Confidence', 'Training Phrase', 'Response', 'Emotion'] as const;

export interface ConversationsProps {
  client: ReportClient;
  range: RangeInput | null;
  scope: Scope;
  onScope(scope: Scope): void;
  page: number;
  onPage(page: number): void;
  toast(message: string, variant?: ToastVariant): void;
  onOpen(row: ConversationRow): void;
}

/** Tab User Conversations (agent-designer 2): every message of the period, 50 a page, with the CSV export. */
export function Conversations({ client, range, scope, onScope, page, onPage, toast, onOpen }: ConversationsProps) {
  const [open, setOpen] = useState<ConversationRow | null>(null);
  const [downloading, setDownloading] = useState(false);
  const rows = useLoad(
    () => (range ? client.callPage(client.routes.conversations, { ...range, scopeType: scope, from: page * ROWS_PER_PAGE, perPage: ROWS_PER_PAGE }) : null),
    [client, range, scope, page],
    (e) => toast(messageOf(e), 'error'),
  );
  const list = rows.data?.data.conversations ?? [];
  const more = rows.data?.more ?? false;

  const download = async () => {
    if (!range) return;
    setDownloading(true);
    try {
      const { fileName, blob } = await once(client.downloadConversationsCsv({ ...range, scope }));
      saveFile(blob, fileName);
    } catch (e) {
      toast(messageOf(e), 'error');
    } finally {
      setDownloading(false);
    }
  };

  const show = (row: ConversationRow) => {
    setOpen(row);
    onOpen(row);
  };
  const onRowKey = (event: KeyboardEvent, row: ConversationRow) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      show(row);
    }
  };

  return (
    <div className="pnr-conversations">
      <Flex alignItems="end" gap="size-200" wrap marginBottom="size-200">
        <Picker
          label="Scope"
          labelPosition="side"
          selectedKey={String(scope)}
          onSelectionChange={(key) => onScope(Number(key) as Scope)}
          width="size-2400"
        >
          {SCOPES.map((s) => (
            <Item key={String(s.key)}>{s.label}</Item>
          ))}
        </Picker>
        <span className="pnr-grow" />
        {rows.loading && <ProgressCircle aria-label="Loading conversations" isIndeterminate size="S" />}
        <Button variant="secondary" onPress={() => void download()} isPending={downloading} isDisabled={!range}>
          Download
        </Button>
      </Flex>

      <div className="pnr-table-wrap" aria-busy={rows.loading}>
        <table className="pnr-rows">
          <caption className="pnr-sr-only">User Conversations; choose a row to see its intents</caption>
          <thead>
            <tr>
              {COLUMNS.map((c) => (
                <th key={c} scope="col">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {list.map((row, i) => {
              const emoji = emojiOf(row.emotion);
              return (
                <tr
                  key={`${page}-${i}-${row.createdOn}`}
                  className="pnr-row"
                  tabIndex={0}
                  aria-haspopup="dialog"
                  onClick={() => show(row)}
                  onKeyDown={(e) => onRowKey(e, row)}
                >
                  <td data-label="Message" className="pnr-cell-message">
                    {row.userMessage}
                  </td>
                  <td data-label="Date" className="pnr-nowrap">
                    {formatRowDate(row.createdOn)}
                  </td>
                  <td data-label="Intent Identified">
                    <span className={`pnr-pill ${row.intentIdentified ? 'pnr-pill-yes' : 'pnr-pill-no'}`}>{row.intentIdentified ? 'Yes' : 'No'}</span>
                  </td>
                  <td data-label="Intent">{row.intent ?? '–'}</td>
                  <td data-label="Confidence" className="pnr-nowrap">
                    {confidenceText(row.confidence)}
                  </td>
                  <td data-label="Training Phrase">{row.utterance ?? '–'}</td>
                  <td data-label="Response" className="pnr-cell-response">
                    <Reply markdown={row.botResponse} />
                    {row.answerSource === 'knowledge-base' && <span className="pnr-pill pnr-pill-kb">Knowledge base</span>}
                    {row.userData && <CollectedData data={row.userData} />}
                  </td>
                  <td data-label="Emotion" className="pnr-cell-emotion">
                    {emoji ? (
                      <span role="img" aria-label={row.emotion} title={row.emotion}>
                        {emoji}
                      </span>
                    ) : (
                      row.emotion || '–'
                    )}
                  </td>
                </tr>
              );
            })}
            {!list.length && (
              <tr className="pnr-row-empty">
                <td colSpan={COLUMNS.length}>{rows.loading ? 'Loading…' : 'No Record'}</td>
              </tr>
            )}
          </tbody>
        </table>
      </div>

      <Flex justifyContent="end" alignItems="center" gap="size-150" marginTop="size-200" wrap>
        {list.length > 0 && (
          <span className="pnr-muted">
            Rows {page * ROWS_PER_PAGE + 1}–{page * ROWS_PER_PAGE + list.length}
          </span>
        )}
        <Button variant="secondary" onPress={() => onPage(page - 1)} isDisabled={page === 0 || rows.loading}>
          Previous
        </Button>
        {more ? (
          <Button variant="secondary" onPress={() => onPage(page + 1)} isDisabled={rows.loading}>
            Next
          </Button>
        ) : (
          <Button variant="secondary" isDisabled>
            No More Data to Show
          </Button>
        )}
      </Flex>

      <DialogContainer onDismiss={() => setOpen(null)} isDismissable>
        {open && <IntentsDialog row={open} />}
      </DialogContainer>
    </div>
  );
}

/**
 * The message's identified intent, or the other intents it was compared with, with confidence and phrase. It closes
 * with its close button, Escape or a click outside (a dismissable dialog shows no button group).
 */
function IntentsDialog({ row }: { row: ConversationRow }) {
  const intents = row.intentIdentified && row.intent ? [{ intent: row.intent, confidence: row.confidence, utterance: row.utterance }] : row.otherIntent;
  return (
    <Dialog size="L">
      <Heading>{row.intentIdentified ? 'Identified intent' : 'Other intents'}</Heading>
      <Divider />
      <Content UNSAFE_className="pnr-dialog-body">
        <p className="pnr-dialog-message">
          <span className="pnr-muted">Message</span> {row.userMessage}
        </p>
        <div className="pnr-table-wrap">
          <table className="pnr-rows pnr-rows-compact">
            <thead>
              <tr>
                <th scope="col">Intent</th>
                <th scope="col">Confidence</th>
                <th scope="col">Training Phrase</th>
              </tr>
            </thead>
            <tbody>
              {intents.length ? (
                intents.map((i) => (
                  <tr key={i.intent}>
                    <td data-label="Intent">{i.intent}</td>
                    <td data-label="Confidence">{confidenceText(i.confidence)}</td>
                    <td data-label="Training Phrase">{i.utterance ?? '–'}</td>
                  </tr>
                ))
              ) : (
                <tr className="pnr-row-empty">
                  <td colSpan={3}>No Record</td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
      </Content>
    </Dialog>
  );
}
