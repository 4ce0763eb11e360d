import { useEffect, useState } from 'react';
import { firstValueFrom } from 'rxjs';
import { ChannelPageSizes, ChannelTypes, WHATSAPP_CLOUD_VENDOR } from '@parley/sdk/contract/channel-texts';
import type { Channel } from '@parley/sdk/contract/channels';
import { api } from '../../../stores/session-store.js';
import { showRefusal } from '../../../components/show-refusal.js';

/** The channels templates can be made for: WhatsApp channels of the WhatsApp Cloud API vendor (the one that sends). */
export function useWhatsAppChannels() {
  const [channels, setChannels] = useState<Channel[] | null>(null);
  useEffect(() => {
    let current = true;
    firstValueFrom(api.channels.list({ from: 0, perPage: ChannelPageSizes.max, type: ChannelTypes.WhatsApp }))
      .then((reply) => current && setChannels(reply.channels.filter((c) => c.vendor === WHATSAPP_CLOUD_VENDOR)))
      .catch((error: unknown) => {
        if (!current) return;
        setChannels([]);
        showRefusal(error);
      });
    return () => {
      current = false;
    };
  }, []);
  return channels;
}
