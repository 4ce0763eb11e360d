import { Button } from '@adobe/react-spectrum/Button';
import { ButtonGroup } from '@adobe/react-spectrum/ButtonGroup';
import { Content } from '@adobe/react-spectrum/Content';
import { Dialog } from '@adobe/react-spectrum/Dialog';
import { useDialogContainer } from '@adobe/react-spectrum/DialogContainer';
import { Divider } from '@adobe/react-spectrum/Divider';
import { Heading } from '@adobe/react-spectrum/Heading';
import { ProgressCircle } from '@adobe/react-spectrum/ProgressCircle';
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
    <Dialog size="M">
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
            <table className="pbs-table pbs-history">
              <thead>
                <tr>
                  <th scope="col">Status</th>
                  <th scope="col">Date and Time</th>
                  <th scope="col">Description</th>
                </tr>
              </thead>
              <tbody>
                {data.history.map((h, i) => (
                  <tr key={i}>
                    <td>{titleCase(h.status)}</td>
                    <td className="pbs-nowrap">{formatSentDate(h.time)}</td>
                    <td>{h.description}</td>
                  </tr>
                ))}
                {!data.history.length && (
                  <tr className="pbs-empty">
                    <td colSpan={3}>No Record</td>
                  </tr>
                )}
              </tbody>
            </table>
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
