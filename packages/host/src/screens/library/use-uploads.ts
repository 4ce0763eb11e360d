import { useRef, useState } from 'react';
import { ArtifactMessages } from '@parley/sdk/contract/artifact-texts';
import type { Artifact } from '@parley/sdk/contract/artifacts';
import { artifactsRoutes } from '@parley/sdk/contract/routes';
import { api } from '../../stores/session-store.js';
import { toast } from '../../stores/toast-store.js';
import { refusalOf, type Visibility } from './library-format.js';
import { messageOf } from './use-artifacts.js';

export interface UploadRow {
  key: number;
  name: string;
  /** 0 to 100. */
  percent: number;
  state: 'sending' | 'done' | 'refused';
  message?: string;
}

export interface UploadTarget {
  visibility: Visibility;
  bucketId: string | null;
}

let nextKey = 1;

/**
 * Files going up in parallel, each with its own progress row (platform-shell 7.4 "progress events"). A refusal stays on
 * its row and is also a toast; successes leave their row until the user clears the list. Leaving the screen does not
 * abort an upload: it finishes, and its toast says so.
 */
export function useUploads(onUploaded: (artifact: Artifact) => void) {
  const [rows, setRows] = useState<UploadRow[]>([]);
  const uploaded = useRef(onUploaded);
  uploaded.current = onUploaded;

  const patch = (key: number, change: Partial<UploadRow>) => setRows((all) => all.map((r) => (r.key === key ? { ...r, ...change } : r)));

  const refuse = (key: number, message: string) => {
    patch(key, { state: 'refused', message });
    toast(message, 'error');
  };

  const start = (files: readonly File[], target: UploadTarget) => {
    const added = files.map((file) => ({ file, row: { key: nextKey++, name: file.name, percent: 0, state: 'sending' as const } }));
    setRows((all) => [...added.map((a) => a.row), ...all]);
    for (const { file, row } of added) {
      const refusal = refusalOf(file);
      if (refusal) {
        refuse(row.key, refusal);
        continue;
      }
      api
        .upload(artifactsRoutes.upload, {
          file,
          isPublic: target.visibility === 'public',
          ...(target.bucketId ? { bucketUpload: true, bucketId: target.bucketId } : {}),
        })
        .subscribe({
          next: (event) => {
            if (event.type === 'progress') {
              if (event.total > 0) patch(row.key, { percent: Math.min(99, Math.round((event.loaded / event.total) * 100)) });
              return;
            }
            patch(row.key, { state: 'done', percent: 100 });
            toast(ArtifactMessages.uploaded, 'success');
            uploaded.current(event.data.artifact);
          },
          error: (error: unknown) => refuse(row.key, messageOf(error)),
        });
    }
  };

  const clearFinished = () => setRows((all) => all.filter((r) => r.state === 'sending'));

  return { rows, start, clearFinished };
}
