import { firstValueFrom } from 'rxjs';
import { ArtifactMessages } from '@parley/sdk/contract/artifact-texts';
import type { Artifact, Bucket } from '@parley/sdk/contract/artifacts';
import { api } from '../../stores/session-store.js';
import { toast } from '../../stores/toast-store.js';
import type { NewAttachment } from './AddAttachmentDialog.js';
import type { Visibility } from './library-format.js';
import { messageOf } from './use-artifacts.js';

/** Runs a call; a refusal becomes an error toast with the server's message (broadcast spec 8). */
async function attempt<T>(work: () => Promise<T>): Promise<T | undefined> {
  try {
    return await work();
  } catch (error) {
    toast(messageOf(error), 'error');
    return undefined;
  }
}

interface Context {
  visibility: Visibility;
  bucketId: string | null;
  /** The selected attachments. */
  ids: string[];
  list: { prepend(artifact: Artifact): void; reload(): void };
  reloadBuckets(): void;
  openBucket(bucketId: string | null): void;
  /** After a change to the selection's attachments: drops those gone from the view, clears the selection. */
  afterChange(gone?: readonly string[]): void;
}

/**
 * What the library's buttons do. Each success is a confirmation toast, each refusal an error toast with the server's
 * message; the dialogs stay open on a refusal (they get `false`) so nothing typed is lost.
 */
export function useLibraryActions({ visibility, bucketId, ids, list, reloadBuckets, openBucket, afterChange }: Context) {
  return {
    createBucket: async (name: string) => {
      const made = await attempt(() => firstValueFrom(api.artifacts.createBucket({ name, isPublic: visibility === 'public' })));
      if (!made) return false;
      toast(ArtifactMessages.bucketSaved, 'success');
      reloadBuckets();
      openBucket(made.bucket.id);
      return true;
    },
    renameBucket: async (target: Bucket, name: string) => {
      const done = await attempt(() => firstValueFrom(api.artifacts.editBucket({ bucketId: target.id, name })));
      if (!done) return false;
      toast(ArtifactMessages.bucketSaved, 'success');
      reloadBuckets();
      return true;
    },
    deleteBucket: async (target: Bucket) => {
      const done = await attempt(() => firstValueFrom(api.artifacts.deleteBucket({ bucketId: target.id })).then(() => true));
      if (!done) return;
      toast(ArtifactMessages.bucketDeleted, 'success');
      if (bucketId === target.id) openBucket(null);
      else list.reload();
      reloadBuckets();
    },
    move: async (target: string) => {
      const done = await attempt(() => firstValueFrom(api.artifacts.moveToBucket({ bucketId: target, artifactIds: ids })).then(() => true));
      if (!done) return false;
      toast(ArtifactMessages.moved, 'success');
      afterChange(bucketId ? ids : []);
      return true;
    },
    remove: async () => {
      if (!bucketId) return;
      const done = await attempt(() => firstValueFrom(api.artifacts.removeFromBucket({ bucketId, artifactIds: ids })).then(() => true));
      if (!done) return;
      toast(ArtifactMessages.removed, 'success');
      afterChange(ids);
    },
    delete: async () => {
      const deleted: string[] = [];
      for (const id of ids) {
        const done = await attempt(() => firstValueFrom(api.artifacts.delete({ id })).then(() => true));
        if (!done) break;
        deleted.push(id);
      }
      if (deleted.length) toast(ArtifactMessages.deleted, 'success');
      afterChange(deleted);
    },
    add: async (data: NewAttachment) => {
      const made = await attempt(() => firstValueFrom(api.artifacts.create({ data, isPublic: visibility === 'public', ...(bucketId ? { bucketId } : {}) })));
      if (!made) return false;
      toast(ArtifactMessages.saved, 'success');
      list.prepend(made.artifact);
      reloadBuckets();
      return true;
    },
  };
}
