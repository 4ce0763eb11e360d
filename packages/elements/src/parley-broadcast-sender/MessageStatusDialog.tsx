import { Button } from '@adobe/react-spectrum/Button';
import { ButtonGroup } from '@adobe/react-spectrum/ButtonGroup';
import { Content } from '@adobe/react-spectrum/Content';
import { Dialog } from '@adobe/react-spectrum/Dialog';
import { useDialogContainer } from '@adobe/react-spectrum/DialogContainer';
import { Divider } from '@adobe/react-spectrum/Divider';
import { Heading } from '@adobe/react-spectrum/Heading';
import { ProgressCircle } from '@adobe/react-spectrum/ProgressCircle';
import { Cell, Column, Row, TableBody, TableHeader, TableView } from '@adobe/react-spectrum/TableView';
import { useLoad, messageOf } from '../internal/use-call.js';
import { formatSentDate, titleCase } from './format.js';
import type { SenderClient } from './sender-client.js';

/**
 * The message status dialog (platform-shell 2.12): the current status, the channel's message id, and the history of
 * statuses with date and time and a description.
 */
export function MessageStatusDialog({ client, broadcastId, messageId }: { client: SenderClient; broadcastId: string; messageId: string }) {
  const { dismiss } = useDialogContainer();
  const status = useLoad(() => client.broadcasts.messageStatus({ id: broadcastId, messageId }), [client, broadcastId, messageId]);
  const data = status.data;
  return (
    <Dialog size="L">
      <Heading>Message Status</Heading>
      <Divider />
      <Content>
        {status.error ? (
          <p className="pbs-error" role="alert">
            {messageOf(status.error)}
          </p>
        ) : !data ? (
          <ProgressCircle aria-label="Loading the message status" isIndeterminate size="S" />
        ) : (
          <div className="pbs-status">
            <dl className="pbs-status-facts">
              <dt>Current Status</dt>
              <dd className="pbs-status-current" data-status={data.message.currentDeliveryStatus}>
                {titleCase(data.message.currentDeliveryStatus)}
              </dd>
              <dt>Channel Message Id</dt>
              <dd className="pbs-status-wamid">{data.message.channelMessageId ?? '-'}</dd>
            </dl>
            <TableView
              aria-label="Status history"
              overflowMode="wrap"
              renderEmptyState={() => <p className="pbs-empty">No Record</p>}
              minHeight={data.history.length ? undefined : 'size-1600'}
            >
              <TableHeader>
                <Column key="status" width={110}>
                  Status
                </Column>
                <Column key="time" width={190}>
                  Date and Time
                </Column>
                <Column key="description" minWidth={200}>
                  Description
                </Column>
              </TableHeader>
              <TableBody items={data.history.map((h, i) => ({ ...h, key: i }))}>
                {(h) => (
                  <Row key={h.key} textValue={h.status}>
                    <Cell>{titleCase(h.status)}</Cell>
                    <Cell>{formatSentDate(h.time)}</Cell>
                    <Cell>{h.description}</Cell>
                  </Row>
                )}
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
