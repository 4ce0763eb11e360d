import { useEffect, useState } from 'react';
import type { Artifact } from '@parley/sdk/contract/artifacts';
import { useSession } from '../../stores/session-store.js';

/**
 * The image to show on a card. A public file is served to anyone (a vendor fetches it), so its URL goes straight into
 * `<img>`; a private one needs the session, which an `<img>` cannot send, so it is fetched with it and shown as a blob.
 */
export function useThumbnail(artifact: Artifact): string | null {
  const url = artifact.data.type === 'IMAGE' ? artifact.data.url : undefined;
  const token = useSession((s) => s.token);
  const [blobUrl, setBlobUrl] = useState<string | null>(null);
  const direct = !url || artifact.isPublic;

  useEffect(() => {
    if (direct || !url) return;
    const abort = new AbortController();
    let made: string | null = null;
    fetch(url, { headers: token ? { 'authentication-token': token } : {}, signal: abort.signal })
      .then((res) => (res.ok && (res.headers.get('content-type') ?? '').startsWith('image/') ? res.blob() : null))
      .then((blob) => {
        if (!blob) return;
        made = URL.createObjectURL(blob);
        setBlobUrl(made);
      })
      .catch(() => {
        // No thumbnail: the card shows the type icon instead.
      });
    return () => {
      abort.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [direct, url, token]);

  if (!url) return null;
  return direct ? url : blobUrl;
}
