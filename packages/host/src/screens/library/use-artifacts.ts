import { useCallback, useEffect, useRef, useState } from 'react';
import type { Subscription } from 'rxjs';
import { ArtifactPageSizes, type ArtifactKind } from '@parley/sdk/contract/artifact-texts';
import type { Artifact } from '@parley/sdk/contract/artifacts';
import { artifactsRoutes } from '@parley/sdk/contract/routes';
import { Messages } from '@parley/sdk/contract/messages';
import { api } from '../../stores/session-store.js';
import { toast } from '../../stores/toast-store.js';
import type { Visibility } from './library-format.js';

/** The server's message of a refused call (broadcast spec 8: shown as an error toast). */
export const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : Messages.genericError);

export interface LibraryQuery {
  visibility: Visibility;
  bucketId: string | null;
  desc: string;
  mediaType: ArtifactKind | '';
}

interface ListState {
  items: Artifact[];
  more: boolean;
  loading: boolean;
  /** True once a second page was asked for: only then "No more attachment to show" says something. */
  paged: boolean;
}

const EMPTY: ListState = { items: [], more: false, loading: true, paged: false };

/** One visibility's (or one bucket's) attachments, 20 a page (platform-shell 9), with "Show more". */
export function useArtifacts(query: LibraryQuery) {
  const [state, setState] = useState<ListState>(EMPTY);
  const [reloads, setReloads] = useState(0);
  const pending = useRef<Subscription | null>(null);
  const { visibility, bucketId, desc, mediaType } = query;

  const fetchPage = useCallback(
    (from: number) =>
      api.callPage(artifactsRoutes.list, {
        visibility,
        from,
        perPage: ArtifactPageSizes.library,
        ...(bucketId ? { bucketId } : {}),
        ...(desc ? { desc } : {}),
        ...(mediaType ? { mediaType } : {}),
      }),
    [visibility, bucketId, desc, mediaType],
  );

  useEffect(() => {
    setState(EMPTY);
    const sub = fetchPage(0).subscribe({
      next: (page) => setState({ items: page.data.artifacts, more: page.more || page.data.more, loading: false, paged: false }),
      error: (error: unknown) => {
        toast(messageOf(error), 'error');
        setState({ ...EMPTY, loading: false });
      },
    });
    pending.current = sub;
    return () => sub.unsubscribe();
  }, [fetchPage, reloads]);

  const showMore = () => {
    pending.current?.unsubscribe();
    setState((s) => ({ ...s, loading: true }));
    pending.current = fetchPage(state.items.length).subscribe({
      next: (page) =>
        setState((s) => {
          const known = new Set(s.items.map((a) => a._id));
          const items = [...s.items, ...page.data.artifacts.filter((a) => !known.has(a._id))];
          return { items, more: page.more || page.data.more, loading: false, paged: true };
        }),
      error: (error: unknown) => {
        toast(messageOf(error), 'error');
        setState((s) => ({ ...s, loading: false }));
      },
    });
  };

  /** A new upload or attachment shows at once, first, when it belongs to what is on screen. */
  const prepend = (artifact: Artifact) => {
    const fits =
      artifact.isPublic === (visibility === 'public') &&
      (!bucketId || artifact.bucketId === bucketId) &&
      (!mediaType || artifact.data.type === mediaType) &&
      !desc;
    if (fits) setState((s) => ({ ...s, items: [artifact, ...s.items.filter((a) => a._id !== artifact._id)] }));
  };

  const drop = (ids: readonly string[]) => setState((s) => ({ ...s, items: s.items.filter((a) => !ids.includes(a._id)) }));

  return { ...state, showMore, prepend, drop, reload: () => setReloads((n) => n + 1) };
}
