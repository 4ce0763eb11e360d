import { useEffect, useState } from 'react';
import type { ChatMessage } from '@parley/sdk/contract/chats';
import { useLiveChat } from './live-chat-context.js';

/**
 * The chat's media route (`/api/e/enterprise/chat/{id}/media/{actionId}`) wants the session's header, which an
 * `<img src>` cannot send: the file is fetched with it and shown from a blob URL.
 */
function useMediaBlob(url: string | undefined, wanted: boolean) {
  const { apiBase, token } = useLiveChat();
  const [blobUrl, setBlobUrl] = useState<string>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!url || !wanted) return;
    const abort = new AbortController();
    let made: string | undefined;
    const base = new URL(apiBase, location.href);
    fetch(new URL(url, base), { headers: token ? { 'authentication-token': token } : {}, signal: abort.signal })
      .then(async (res) => {
        if (!res.ok || (res.headers.get('content-type') ?? '').includes('json')) throw new Error('not a file');
        made = URL.createObjectURL(await res.blob());
        setBlobUrl(made);
      })
      .catch(() => !abort.signal.aborted && setFailed(true));
    return () => {
      abort.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [url, wanted, apiBase, token]);
  return { blobUrl, failed };
}

export function MessageAttachment({ message }: { chatId: string; message: ChatMessage }) {
  const a = message.attachment!;
  const isImage = (a.type === 'image' || a.type === 'sticker') && Boolean(a.url);
  const [asked, setAsked] = useState(false);
  const { blobUrl, failed } = useMediaBlob(a.url, isImage || asked);

  useEffect(() => {
    // A file the agent asked for is handed over as a download once it is here.
    if (!asked || isImage || !blobUrl) return;
    const link = document.createElement('a');
    link.href = blobUrl;
    link.download = a.fileName || `${a.type}-${message.actionId}`;
    link.click();
    setAsked(false);
  }, [asked, isImage, blobUrl, a.fileName, a.type, message.actionId]);

  if (a.type === 'location' && a.latitude !== undefined && a.longitude !== undefined) {
    return (
      <a className="plc-attachment" href={`https://www.openstreetmap.org/?mlat=${a.latitude}&mlon=${a.longitude}`} target="_blank" rel="noreferrer noopener">
        📍 {a.name || a.address || `${a.latitude}, ${a.longitude}`}
      </a>
    );
  }
  if (a.type === 'contacts') return <span className="plc-attachment">👤 {a.name || 'A contact'}</span>;
  if (!a.url) return <span className="plc-attachment plc-muted">{a.fileName || a.type} (still arriving)</span>;
  if (isImage) {
    if (failed) return <span className="plc-attachment plc-muted">The image could not be loaded</span>;
    return blobUrl ? (
      <img className="plc-image" src={blobUrl} alt={a.caption || message.message || 'Image from the customer'} />
    ) : (
      <span className="plc-image plc-image-loading" role="img" aria-label="Loading the image" />
    );
  }
  return (
    <button type="button" className="plc-attachment plc-file" onClick={() => setAsked(true)}>
      📄 {failed ? 'The file could not be loaded' : `Download ${a.fileName || a.type}`}
    </button>
  );
}
