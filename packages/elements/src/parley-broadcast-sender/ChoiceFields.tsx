import { map, of } from 'rxjs';
import { BroadcastPageSizes } from '@parley/sdk/contract/broadcast-texts';
import { ChannelTypes, WHATSAPP_CLOUD_VENDOR } from '@parley/sdk/contract/channel-texts';
import { TemplatePageSizes } from '@parley/sdk/contract/template-texts';
import { FixedChoice, SearchCombo, type Option } from './SearchCombo.js';
import type { SenderClient } from './sender-client.js';
import type { ChannelChoice, FormErrors } from './sender-form-model.js';
import { SenderTexts } from './sender-texts.js';

/** Only WhatsApp Cloud API channels send templates (the send route refuses the rest). */
const cannotSend = (channel: ChannelChoice | null | undefined) => channel?.vendor !== undefined && channel.vendor !== WHATSAPP_CLOUD_VENDOR;

interface Props {
  client: SenderClient;
  channel: ChannelChoice | null;
  /** The template shown in its box: as chosen, else as loaded. */
  template: Option | null;
  /** What a fixed template box shows (a view's or a test mode's). */
  templateText: string;
  lockChannel: boolean;
  lockTemplate: boolean;
  errors: FormErrors | null;
  onChannel(channel: ChannelChoice | null): void;
  onTemplate(template: Option | null): void;
}

/** Channel and Template (broadcast spec 4): searchable, paged; fixed in a view or when the embedding page sets them. */
export function ChoiceFields({ client, channel, template, templateText, lockChannel, lockTemplate, errors, onChannel, onTemplate }: Props) {
  return (
    <div className="pbs-row">
      {lockChannel ? (
        <FixedChoice label="Channel" value={channel?.name ?? ''} />
      ) : (
        <SearchCombo<ChannelChoice>
          label="Channel"
          pageSize={BroadcastPageSizes.channels}
          loadPage={(from, name) =>
            client.channels
              .list({ from, perPage: BroadcastPageSizes.channels, name, type: ChannelTypes.WhatsApp })
              .pipe(map((r) => ({ items: r.channels.map((c) => ({ id: c.channelId, name: c.name, vendor: c.vendor })), more: r.more })))
          }
          selected={channel}
          onSelect={onChannel}
          describe={(c) => (cannotSend(c) ? SenderTexts.vendorCannotSendShort : undefined)}
          error={errors?.channel}
        />
      )}
      {lockTemplate ? (
        <FixedChoice label="Template" value={templateText} />
      ) : (
        <SearchCombo
          key={channel?.id ?? 'none'}
          label="Template"
          pageSize={TemplatePageSizes.templates}
          loadPage={(from, name) =>
            channel && !cannotSend(channel)
              ? client.templates
                  .list({ from, perPage: TemplatePageSizes.templates, status: 'APPROVED', channelId: channel.id, name })
                  .pipe(map((r) => ({ items: r.templates.map((t) => ({ id: t.id, name: t.name })), more: r.more })))
              : of({ items: [], more: false })
          }
          selected={template}
          onSelect={onTemplate}
          unavailable={cannotSend(channel) ? SenderTexts.vendorCannotSend : undefined}
          emptyMessage={channel ? SenderTexts.noApprovedTemplates : undefined}
          error={errors?.template}
        />
      )}
    </div>
  );
}
