import {
  Button,
  ButtonGroup,
  Cell,
  Column,
  Content,
  Dialog,
  Divider,
  Heading,
  ProgressCircle,
  Row,
  TableBody,
  TableHeader,
  TableView,
  useDialogContainer,
} from '@adobe/react-spectrum';
import { useEffect, useState } from 'react';
import { ParleyError } from '@parley/sdk/parley-error';
import { Messages } from '@parley/sdk/contract/messages';
import { reportsRoutes } from '@parley/sdk/contract/routes';
import { bindApi } from '@parley/sdk/transport';
import { api } from '../../stores/session-store.js';
import { formatTime } from './report-query.js';

const reports = bindApi(api, reportsRoutes);
type Status = {
  message: { currentDeliveryStatus: string; channelMessageId: string | null; errorTitle: string | null };
  history: { status: string; time: string; description: string }[];
};
const titleCase = (s: string) => s.charAt(0).toUpperCase() + s.slice(1).toLowerCase();

/**
 * The message status dialog (platform-shell 2.12) for a delivery report row: the current status, the channel's
 * message id and the history of statuses with date, time and description (what the broadcast sender's dialog shows).
 */
export function MessageStatusDialog({ messageId }: { messageId: string }) {
  const { dismiss } = useDialogContainer();
  const [data, setData] = useState<Status | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const sub = reports.messageStatus({ id: messageId }).subscribe({
      next: setData,
      error: (e: unknown) => setError(e instanceof ParleyError ? e.message : Messages.somethingWentWrong),
    });
    return () => sub.unsubscribe();
  }, [messageId]);
  return (
    <Dialog size="L">
      <Heading>Message Status</Heading>
      <Divider />
      <Content>
        {error ? (
          <p className="reports-error" role="alert">
            {error}
          </p>
        ) : !data ? (
          <ProgressCircle aria-label="Loading the message status" isIndeterminate size="S" />
        ) : (
          <div className="reports-status">
            <dl className="reports-facts">
              <dt>Current Status</dt>
              <dd>
                <span className={`reports-badge reports-status-${data.message.currentDeliveryStatus.toLowerCase()}`}>
                  {titleCase(data.message.currentDeliveryStatus)}
                </span>
              </dd>
              <dt>Channel Message Id</dt>
              <dd className="reports-code">{data.message.channelMessageId ?? '-'}</dd>
            </dl>
            <TableView
              aria-label="Status history"
              density="compact"
              overflowMode="truncate"
              selectionMode="none"
              height={Math.min(360, 36 + Math.max(1, data.history.length) * 33)}
            >
              <TableHeader>
                <Column key="status" width={130}>
                  Status
                </Column>
                <Column key="time" width={220}>
                  Date and Time
                </Column>
                <Column key="description">Description</Column>
              </TableHeader>
              <TableBody>
                {data.history.map((h, i) => (
                  <Row key={i}>
                    <Cell>{h.status}</Cell>
                    <Cell>{formatTime(h.time)}</Cell>
                    <Cell>{h.description || '-'}</Cell>
                  </Row>
                ))}
              </TableBody>
            </TableView>
          </div>
        )}
      </Content>
      <ButtonGroup>
        <Button variant="secondary" onPress={dismiss}>
          Close
        </Button>
      </ButtonGroup>
    </Dialog>
  );
}
