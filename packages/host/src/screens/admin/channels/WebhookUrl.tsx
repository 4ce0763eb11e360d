import { ActionButton, Flex } from '@adobe/react-spectrum';
import Copy from '@spectrum-icons/workflow/Copy';
import { toast } from '../../../stores/toast-store.js';

/** Copies a channel's webhook URL, to paste into the vendor's console (Meta's, for WhatsApp). */
export function CopyWebhookUrl({ url }: { url: string }) {
  const copy = () =>
    navigator.clipboard.writeText(url).then(
      () => toast('Webhook URL copied', 'success'),
      () => toast('Copy failed: select the URL and copy it', 'error'),
    );
  return (
    <ActionButton isQuiet aria-label="Copy Webhook URL" onPress={() => void copy()}>
      <Copy />
    </ActionButton>
  );
}

/** A channel's webhook URL with its copy button (the channel form's hint). */
export function WebhookUrl({ url }: { url: string }) {
  return (
    <Flex alignItems="center" gap="size-50" minWidth={0}>
      <span className="webhook-url" title={url}>
        {url}
      </span>
      <CopyWebhookUrl url={url} />
    </Flex>
  );
}
