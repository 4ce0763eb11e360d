import { ActionButton } from '@adobe/react-spectrum/ActionButton';
import { ActionGroup, Item } from '@adobe/react-spectrum/ActionGroup';
import { Button } from '@adobe/react-spectrum/Button';
import { SearchField } from '@adobe/react-spectrum/SearchField';
import { Text } from '@adobe/react-spectrum/Text';
import ChevronLeft from '@spectrum-icons/workflow/ChevronLeft';
import { useState } from 'react';
import type { Artifact, Bucket } from '@parley/sdk/contract/artifacts';
import { ATTACHMENT_SEARCH_DEBOUNCE_MS, ArtifactMessages, ArtifactPageSizes, type ArtifactKind } from '@parley/sdk/contract/artifact-texts';
import { useDebounced } from '../internal/use-call.js';
import type { AttachmentClient } from './attachment-client.js';
import { ArtifactRow, BucketRow, ListStatus } from './ArtifactRow.js';
import { useArtifactPages, useBuckets } from './use-attachments.js';

export type Visibility = 'public' | 'private';
type Mode = 'ALL' | 'BUCKET';

interface Shared {
  client: AttachmentClient;
  visibility: Visibility;
  mediaType?: ArtifactKind;
  onChoose(artifact: Artifact): void;
}

/**
 * The Public or Private tab (broadcast spec 2 and 4): All versus Bucket, a search box, and the list. Each view keeps
 * its own search, so a folder name searched for does not filter the folder's contents once opened.
 */
export function LibraryPane(props: Shared) {
  const [mode, setMode] = useState<Mode>('ALL');
  const [bucket, setBucket] = useState<Bucket | null>(null);
  const view = mode === 'ALL' ? 'all' : bucket ? 'contents' : 'folders';
  const [searches, setSearches] = useState({ all: '', folders: '', contents: '' });
  const search = searches[view];
  const setSearch = (value: string) => setSearches((s) => ({ ...s, [view]: value }));

  return (
    <div className="pat-pane">
      <div className="pat-toolbar">
        <ActionGroup
          aria-label="Show"
          selectionMode="single"
          disallowEmptySelection
          selectedKeys={[mode]}
          onSelectionChange={(keys) => {
            const next = [...keys][0] as Mode | undefined;
            if (next && next !== mode) {
              setMode(next);
              setBucket(null);
            }
          }}
          density="compact"
          isEmphasized
        >
          <Item key="ALL">All</Item>
          <Item key="BUCKET">Bucket</Item>
        </ActionGroup>
        <SearchField aria-label="Search attachments" value={search} onChange={setSearch} width="100%" />
      </div>
      {view === 'all' && <AllList {...props} search={searches.all} />}
      {view === 'folders' && (
        <BucketFolders
          {...props}
          search={searches.folders}
          onOpen={(b) => {
            setSearches((s) => ({ ...s, contents: '' }));
            setBucket(b);
          }}
        />
      )}
      {view === 'contents' && bucket && <BucketContents {...props} bucket={bucket} search={searches.contents} onBack={() => setBucket(null)} />}
    </div>
  );
}

function AllList({ client, visibility, mediaType, onChoose, search }: Shared & { search: string }) {
  const desc = useDebounced(search.trim(), ATTACHMENT_SEARCH_DEBOUNCE_MS);
  const list = useArtifactPages(client, { visibility, desc, mediaType }, ArtifactPageSizes.attachments);
  const rows = list.data?.artifacts ?? [];
  return (
    <div className="pat-list" aria-busy={list.phase === 'loading'} data-view="all">
      {rows.length > 0 && (
        <ul className="pat-rows" aria-label="Attachments">
          {rows.map((a) => (
            <ArtifactRow key={a._id} artifact={a} client={client} onChoose={onChoose} />
          ))}
        </ul>
      )}
      <ListStatus phase={list.phase} error={list.error} empty={rows.length === 0} />
      {list.phase === 'ready' && rows.length > 0 && (
        <div className="pat-more">
          {list.data?.more ? (
            <Button variant="secondary" onPress={list.showMore}>
              {ArtifactMessages.showMore}
            </Button>
          ) : (
            <span className="pat-no-more">{ArtifactMessages.noMore}</span>
          )}
        </div>
      )}
    </div>
  );
}

function BucketFolders({ client, visibility, search, onOpen }: Shared & { search: string; onOpen(bucket: Bucket): void }) {
  const desc = useDebounced(search.trim(), ATTACHMENT_SEARCH_DEBOUNCE_MS);
  const buckets = useBuckets(client, visibility, desc);
  const rows = buckets.data ?? [];
  return (
    <div className="pat-list" aria-busy={buckets.phase === 'loading'} data-view="folders">
      {rows.length > 0 && (
        <ul className="pat-rows" aria-label="Buckets">
          {rows.map((b) => (
            <BucketRow key={b.id} bucket={b} onOpen={onOpen} />
          ))}
        </ul>
      )}
      <ListStatus phase={buckets.phase} error={buckets.error} empty={rows.length === 0} />
    </div>
  );
}

function BucketContents(props: Shared & { bucket: Bucket; search: string; onBack(): void }) {
  const { client, visibility, mediaType, onChoose, bucket, search, onBack } = props;
  const desc = useDebounced(search.trim(), ATTACHMENT_SEARCH_DEBOUNCE_MS);
  const list = useArtifactPages(client, { visibility, desc, mediaType, bucketId: bucket.id }, -1);
  const rows = list.data?.artifacts ?? [];
  return (
    <>
      <div className="pat-bucket-bar">
        <ActionButton isQuiet onPress={onBack}>
          <ChevronLeft />
          <Text>{ArtifactMessages.backToBucket}</Text>
        </ActionButton>
        <span className="pat-bucket-name" title={bucket.name}>
          {bucket.name}
        </span>
      </div>
      <div className="pat-list" aria-busy={list.phase === 'loading'} data-view="contents">
        {rows.length > 0 && (
          <ul className="pat-rows" aria-label={bucket.name}>
            {rows.map((a) => (
              <ArtifactRow key={a._id} artifact={a} client={client} onChoose={onChoose} />
            ))}
          </ul>
        )}
        <ListStatus phase={list.phase} error={list.error} empty={rows.length === 0} />
      </div>
    </>
  );
}
