import { Content, Heading, InlineAlert } from '@adobe/react-spectrum';
import { WebhookUrl } from './WebhookUrl.js';

/** What to type for the built-in sandbox, and where Meta's webhooks go (a saved channel knows its URL). */
export function CloudApiHint({ webhookUrl }: { webhookUrl: string | null }) {
  return (
    <InlineAlert variant="info" width="100%" UNSAFE_className="cloud-api-hint">
      <Heading>Sandbox or Meta</Heading>
      <Content>
        <p>
          For the built-in sandbox, leave the base URL empty and use its Access token and App secret: this installation's own, in{' '}
          <code>install-secrets.json</code> in the server's data directory, unless the server sets
          <code>PARLEY_SANDBOX_ACCESS_TOKEN</code> and <code>PARLEY_SANDBOX_APP_SECRET</code>. Any Phone number id and Waba id will do; the demo's WhatsApp
          Sandbox channel already has the credentials.
        </p>
        {webhookUrl ? (
          <>
            <p>Paste this Webhook URL into Meta's console (WhatsApp → Configuration):</p>
            <WebhookUrl url={webhookUrl} />
          </>
        ) : (
          <p>For Meta, the Webhook URL to paste into its console is shown in the channel list once the channel is saved.</p>
        )}
      </Content>
    </InlineAlert>
  );
}
