import { Button } from '@adobe/react-spectrum/Button';
import { Content } from '@adobe/react-spectrum/Content';
import { Dialog } from '@adobe/react-spectrum/Dialog';
import { DialogContainer } from '@adobe/react-spectrum/DialogContainer';
import { Divider } from '@adobe/react-spectrum/Divider';
import { Flex } from '@adobe/react-spectrum/Flex';
import { Heading } from '@adobe/react-spectrum/Heading';
import { Item, Picker } from '@adobe/react-spectrum/Picker';
import { ProgressCircle } from '@adobe/react-spectrum/ProgressCircle';
import { Cell, Column, Row, TableBody, TableHeader, TableView } from '@adobe/react-spectrum/TableView';
import { Text } from '@adobe/react-spectrum/Text';
import { useId, useLayoutEffect, useRef, useState } from 'react';
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

/** Message and Response share what the fixed columns leave; below that the table scrolls sideways. */
const COLUMNS = [
  { key: 'message', name: 'Message', width: '1.2fr', minWidth: 160 },
  { key: 'date', name: 'Date', width: 170, minWidth: 170 },
  { key: 'identified', name: 'Intent Identified', width: 140, minWidth: 140 },
  { key: 'intent', name: 'Intent', width: '1fr', minWidth: 120 },
  { key: 'confidence', name: 'Confidence', width: 120, minWidth: 120 },
  { key: 'phrase', name: 'Training Phrase', width: '1fr', minWidth: 140 },
  { key: 'response', name: 'Response', width: '1.6fr', minWidth: 200 },
  { key: 'emotion', name: 'Emotion', width: 96, minWidth: 96 },
] as const;
type ColumnKey = (typeof COLUMNS)[number]['key'];

/** What one cell of a conversation row shows. */
function conversationCell(row: ConversationRow, key: ColumnKey) {
  switch (key) {
    case 'message':
      return <span className="pnr-cell-message">{row.userMessage}</span>;
    case 'date':
      return <span className="pnr-nowrap">{formatRowDate(row.createdOn)}</span>;
    case 'identified':
      return <span className={`pnr-pill ${row.intentIdentified ? 'pnr-pill-yes' : 'pnr-pill-no'}`}>{row.intentIdentified ? 'Yes' : 'No'}</span>;
    case 'intent':
      return row.intent ?? '–';
    case 'confidence':
      return <span className="pnr-nowrap">{confidenceText(row.confidence)}</span>;
    case 'phrase':
      return row.utterance ?? '–';
    case 'response':
      return (
        <div className="pnr-cell-response">
          <Reply markdown={row.botResponse} />
          {row.answerSource === 'knowledge-base' && <span className="pnr-pill pnr-pill-kb">Knowledge base</span>}
          {row.userData && <CollectedData data={row.userData} />}
        </div>
      );
    case 'emotion': {
      const emoji = emojiOf(row.emotion);
      return emoji ? (
        <span className="pnr-emoji" role="img" aria-label={row.emotion} title={row.emotion}>
          {emoji}
        </span>
      ) : (
        row.emotion || '–'
      );
    }
  }
}

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
  const keyed = list.map((row, i) => ({ key: `${page}-${i}-${row.createdOn}`, row }));
  const hintId = useId();
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
  return (
    <div className="pnr-conversations">
      <Flex alignItems="end" gap="size-200" wrap marginBottom="size-200">
        <Picker label="Scope" labelPosition="side" selectedKey={String(scope)} onSelectionChange={(key) => onScope(Number(key) as Scope)} width="size-2400">
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

      {/* aria-busy says when the page shown is final (the table itself does not say it). */}
      <div className="pnr-conversation-table" aria-busy={rows.loading}>
        <TableView
          aria-label="User Conversations"
          aria-describedby={hintId}
          overflowMode="wrap"
          selectionMode="none"
          onAction={(key) => {
            const row = keyed.find((r) => r.key === key);
            if (row) show(row.row);
          }}
          renderEmptyState={() => <Text UNSAFE_className="pnr-muted">No Record</Text>}
          UNSAFE_className="pnr-conversation-grid"
        >
          <TableHeader columns={COLUMNS}>
            {(c) => (
              <Column key={c.key} width={c.width} minWidth={c.minWidth} align={c.key === 'emotion' ? 'center' : 'start'}>
                {c.name}
              </Column>
            )}
          </TableHeader>
          <TableBody items={keyed} loadingState={rows.loading && !list.length ? 'loading' : 'idle'}>
            {({ key, row }) => (
              <Row key={key} textValue={row.userMessage}>
                {(column) => <Cell>{conversationCell(row, column as ColumnKey)}</Cell>}
              </Row>
            )}
          </TableBody>
        </TableView>
        <span id={hintId} className="pnr-sr-only">
          Choose a row to see its intents
        </span>
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
      <Content>
        <p className="pnr-dialog-message">
          <span className="pnr-muted">Message</span> {row.userMessage}
        </p>
        <TableView
          aria-label={row.intentIdentified ? 'Identified intent' : 'Other intents'}
          density="compact"
          overflowMode="wrap"
          selectionMode="none"
          height={Math.min(360, 36 + Math.max(intents.length, 2) * 49)}
          renderEmptyState={() => <Text UNSAFE_className="pnr-muted">No Record</Text>}
        >
          <TableHeader>
            <Column key="intent" isRowHeader width="1fr">
              Intent
            </Column>
            <Column key="confidence" width={120}>
              Confidence
            </Column>
            <Column key="phrase" width="1.4fr">
              Training Phrase
            </Column>
          </TableHeader>
          <TableBody items={intents.map((i) => ({ ...i, key: i.intent }))}>
            {(i) => (
              <Row key={i.key}>
                <Cell>{i.intent}</Cell>
                <Cell>{confidenceText(i.confidence)}</Cell>
                <Cell>{i.utterance ?? '–'}</Cell>
              </Row>
            )}
          </TableBody>
        </TableView>
      </Content>
    </Dialog>
  );
}
