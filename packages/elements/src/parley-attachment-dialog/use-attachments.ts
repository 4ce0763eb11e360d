import { useState } from 'react';
import { catchError, map, of, type Observable } from 'rxjs';
import type { Artifact, Bucket } from '@parley/sdk/contract/artifacts';
import type { ArtifactKind } from '@parley/sdk/contract/artifact-texts';
import { Codes } from '@parley/sdk/contract/codes';
import type { ParleyError } from '@parley/sdk/parley-error';
import { asParleyError, useLoad } from '../internal/use-call.js';
import type { AttachmentClient } from './attachment-client.js';
import { useOnline } from './element-state.js';

/** What a list area shows (broadcast spec 8): the list, or one of the dialog's texts in its place. */
export type Phase = 'loading' | 'ready' | 'failed' | 'session' | 'offline';

/** The session is gone (HTTP 401/403 or "login required"), as opposed to a refusal or a network failure. */
export const sessionLost = (e: ParleyError) => e.code === Codes.LOGIN_REQUIRED || e.httpStatus === 401 || e.httpStatus === 403;

/** The server's own words for a refusal (status false), shown under 'Error in fetching Attachments'. */
export const serverWords = (e: ParleyError | undefined) => (e && e.code !== 0 && !sessionLost(e) ? e.message : undefined);

export interface Synced<T> {
  data: T | undefined;
  phase: Phase;
  error?: ParleyError;
}

/** One answer (or failure) with the key it was asked for, so an older search's outcome never shows under a newer one. */
interface Outcome<T> {
  key: string;
  data?: T;
  error?: ParleyError;
}

/**
 * Loads while mounted and whenever `key` changes, unless the browser is offline (then nothing is sent, and the load
 * runs when it comes back online). useLoad aborts the older request; unlike its other callers, a list here never shows
 * the previous key's rows while the next key's load runs.
 */
function useSynced<T>(load: () => Observable<T>, key: string): Synced<T> {
  const online = useOnline();
  const loaded = useLoad<Outcome<T>>(
    () =>
      online
        ? load().pipe(
            map((data) => ({ key, data })),
            catchError((e: unknown) => of({ key, error: asParleyError(e) })),
          )
        : null,
    [key, online],
  );
  const outcome = loaded.data?.key === key ? loaded.data : undefined;
  if (!online) return { data: undefined, phase: 'offline' };
  if (!outcome) return { data: undefined, phase: 'loading' };
  if (outcome.error) return { data: undefined, phase: sessionLost(outcome.error) ? 'session' : 'failed', error: outcome.error };
  return { data: outcome.data, phase: 'ready' };
}

export interface ListQuery {
  visibility: 'public' | 'private';
  desc: string;
  mediaType?: ArtifactKind;
  bucketId?: string;
}

export interface ArtifactPages extends Synced<{ artifacts: Artifact[]; more: boolean }> {
  /** Appends the next page ('Show more'). */
  showMore(): void;
}

/**
 * The All list: `perPage` a page, 'Show more' appends the next one. A bucket's contents pass `perPage` -1 (all at
 * once, never more). Rows already shown are not repeated when an upload has shifted the pages in between.
 */
export function useArtifactPages(client: AttachmentClient, query: ListQuery, perPage: number): ArtifactPages {
  const queryKey = JSON.stringify([query.visibility, query.desc, query.mediaType ?? '', query.bucketId ?? '', perPage]);
  const [paging, setPaging] = useState({ queryKey, from: 0, before: [] as Artifact[] });
  const at = paging.queryKey === queryKey ? paging : { queryKey, from: 0, before: [] as Artifact[] };
  const page = useSynced(
    () =>
      client.artifacts.list({
        visibility: query.visibility,
        from: at.from,
        perPage,
        desc: query.desc || undefined,
        mediaType: query.mediaType,
        bucketId: query.bucketId,
      }),
    `${queryKey}@${at.from}`,
  );
  const seen = new Set(at.before.map((a) => a._id));
  const fresh = page.data?.artifacts.filter((a) => !seen.has(a._id)) ?? [];
  const artifacts = [...at.before, ...fresh];
  // While the next page loads, the rows so far stay in view.
  const data = page.data || at.from > 0 ? { artifacts, more: page.data?.more ?? false } : undefined;
  return {
    ...page,
    data,
    showMore: () => {
      if (page.phase === 'ready' && page.data?.more) setPaging({ queryKey, from: at.from + page.data.artifacts.length, before: artifacts });
    },
  };
}

/** The bucket folders of a visibility, unpaged (perPage -1), with their counts; `desc` narrows them by name. */
export function useBuckets(client: AttachmentClient, visibility: 'public' | 'private', desc: string): Synced<Bucket[]> {
  const page = useSynced(() => client.artifacts.buckets({ visibility, perPage: -1, desc: desc || undefined }), JSON.stringify([visibility, desc]));
  return { ...page, data: page.data?.list };
}
