import { ActionButton, Button, DialogContainer, Item, Menu, MenuTrigger, Picker, SearchField, TabList, TabPanels, Tabs, Text } from '@adobe/react-spectrum';
import Add from '@spectrum-icons/workflow/Add';
import Delete from '@spectrum-icons/workflow/Delete';
import FolderRemove from '@spectrum-icons/workflow/FolderRemove';
import MoveTo from '@spectrum-icons/workflow/MoveTo';
import UploadToCloud from '@spectrum-icons/workflow/UploadToCloud';
import { useCallback, useEffect, useRef, useState, type DragEvent, type ReactElement } from 'react';
import { ArtifactMessages, ATTACHMENT_SEARCH_DEBOUNCE_MS, type ArtifactKind } from '@parley/sdk/contract/artifact-texts';
import type { Artifact, Bucket } from '@parley/sdk/contract/artifacts';
import { ACCESS } from '@parley/sdk/contract/access';
import { useCan } from '../../components/use-can.js';
import { AddAttachmentDialog, type AddKind } from './AddAttachmentDialog.js';
import { AttachmentCard } from './AttachmentCard.js';
import { BucketList } from './BucketList.js';
import { ACCEPT, KIND_FILTERS, type Visibility } from './library-format.js';
import { BucketNameDialog, ConfirmDialog, MoveDialog } from './LibraryDialogs.js';
import { UploadRows } from './UploadRows.js';
import { useArtifacts } from './use-artifacts.js';
import { useLibraryActions } from './use-library-actions.js';
import { useBuckets } from './use-buckets.js';
import { useUploads } from './use-uploads.js';
import './library.css';

type OpenDialog =
  | { kind: 'new-bucket' }
  | { kind: 'rename-bucket'; bucket: Bucket }
  | { kind: 'delete-bucket'; bucket: Bucket }
  | { kind: 'move' }
  | { kind: 'delete' }
  | { kind: 'add'; type: AddKind };

/**
 * My Library (`/content-library`, platform-shell 2.8, shown with artifactsEnabled): the attachments of the enterprise
 * (public) or of the user (private), their buckets, uploads from the device, and locations, links and messages.
 */
export function LibraryScreen() {
  const [visibility, setVisibility] = useState<Visibility>('public');
  // Uploads live above the tabs: switching tabs neither aborts them nor hides their rows. The open tab hears of each.
  const onUploaded = useRef<(artifact: Artifact) => void>(() => undefined);
  const uploads = useUploads((artifact) => onUploaded.current(artifact));
  // The tab sets the listener through this function, not by writing a ref it was given: props stay read-only.
  const listen = useCallback((listener: (artifact: Artifact) => void) => {
    onUploaded.current = listener;
  }, []);
  return (
    <section className="library" aria-labelledby="library-title">
      <h1 id="library-title" className="library-title">
        My Library
      </h1>
      <Tabs aria-label="Visibility" selectedKey={visibility} onSelectionChange={(key) => setVisibility(key === 'private' ? 'private' : 'public')}>
        <TabList>
          <Item key="public">Public</Item>
          <Item key="private">Private</Item>
        </TabList>
        <TabPanels>
          <Item key="public">
            <LibraryTab visibility="public" uploads={uploads} onUploaded={listen} />
          </Item>
          <Item key="private">
            <LibraryTab visibility="private" uploads={uploads} onUploaded={listen} />
          </Item>
        </TabPanels>
      </Tabs>
    </section>
  );
}

interface TabProps {
  visibility: Visibility;
  uploads: ReturnType<typeof useUploads>;
  /** Sets what the open tab does with each finished upload. */
  onUploaded: (listener: (artifact: Artifact) => void) => void;
}

function LibraryTab({ visibility, uploads, onUploaded }: TabProps) {
  const can = {
    create: useCan(ACCESS.attachments.create),
    edit: useCan(ACCESS.attachments.edit),
    delete: useCan(ACCESS.attachments.delete),
  };
  const [bucketId, setBucketId] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [desc, setDesc] = useState('');
  const [mediaType, setMediaType] = useState<ArtifactKind | ''>('');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const [dragging, setDragging] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const { buckets, reload: reloadBuckets } = useBuckets(visibility);
  const list = useArtifacts({ visibility, bucketId, desc, mediaType });
  useEffect(() => {
    onUploaded((artifact) => {
      list.prepend(artifact);
      reloadBuckets();
    });
  });
  const bucket = buckets.find((b) => b.id === bucketId) ?? null;

  useEffect(() => {
    const timer = setTimeout(() => setDesc(search.trim()), ATTACHMENT_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);
  // A new view starts with nothing selected: a hidden selection must not be moved or deleted by surprise.
  useEffect(() => setSelected(new Set()), [bucketId, desc, mediaType]);

  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const ids = [...selected];
  const afterChange = (gone: readonly string[] = []) => {
    if (gone.length) list.drop(gone);
    setSelected(new Set());
    reloadBuckets();
  };

  const send = (files: readonly File[]) => {
    if (files.length) uploads.start(files, { visibility, bucketId });
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (can.create) send([...e.dataTransfer.files]);
  };
  const onDragOver = (e: DragEvent) => {
    if (!can.create || !e.dataTransfer.types.includes('Files')) return;
    e.preventDefault();
    setDragging(true);
  };

  const actions = useLibraryActions({ visibility, bucketId, ids, list, reloadBuckets, openBucket: setBucketId, afterChange });

  const close = () => setDialog(null);
  const renderDialog = (d: OpenDialog): ReactElement => {
    switch (d.kind) {
      case 'new-bucket':
        return <BucketNameDialog title="New bucket" initial="" close={close} save={actions.createBucket} />;
      case 'rename-bucket':
        return <BucketNameDialog title="Rename bucket" initial={d.bucket.name} close={close} save={(name) => actions.renameBucket(d.bucket, name)} />;
      case 'delete-bucket':
        return (
          <ConfirmDialog
            title="Delete bucket"
            action="Delete"
            text={`Delete the bucket "${d.bucket.name}"? ${d.bucket.count === 1 ? 'Its attachment stays' : `Its ${d.bucket.count} attachments stay`} in the library, outside any bucket.`}
            confirm={() => void actions.deleteBucket(d.bucket)}
          />
        );
      case 'move':
        return <MoveDialog buckets={buckets.filter((b) => b.id !== bucketId)} count={ids.length} close={close} move={actions.move} />;
      case 'delete':
        return (
          <ConfirmDialog
            title="Delete attachments"
            action="Delete"
            text={`Delete ${ids.length === 1 ? 'this attachment' : `these ${ids.length} attachments`}? ${ids.length === 1 ? 'It' : 'They'} will no longer be available to send.`}
            confirm={() => void actions.delete()}
          />
        );
      case 'add':
        return <AddAttachmentDialog kind={d.type} close={close} save={actions.add} />;
    }
  };

  const heading = bucket ? bucket.name : 'All attachments';
  return (
    <div className="library-body">
      <BucketList
        buckets={buckets}
        openId={bucketId}
        canEdit={can.edit}
        onOpen={setBucketId}
        onNew={() => setDialog({ kind: 'new-bucket' })}
        onRename={(b) => setDialog({ kind: 'rename-bucket', bucket: b })}
        onDelete={(b) => setDialog({ kind: 'delete-bucket', bucket: b })}
      />
      <div className="library-main">
        <div className="library-toolbar">
          <h2 className="library-heading">
            {heading}
            {bucket && <span className="library-heading-count">{bucket.count === 1 ? '1 attachment' : `${bucket.count} attachments`}</span>}
          </h2>
          {can.create && (
            <div className="library-toolbar-actions">
              <MenuTrigger>
                <ActionButton>
                  <Add />
                  <Text>Add</Text>
                </ActionButton>
                <Menu onAction={(key) => setDialog({ kind: 'add', type: key as AddKind })}>
                  <Item key="LOCATION">Location</Item>
                  <Item key="URL">Link</Item>
                  <Item key="MSG">Message</Item>
                </Menu>
              </MenuTrigger>
              <Button variant="accent" onPress={() => fileInput.current?.click()}>
                <UploadToCloud />
                <Text>Upload</Text>
              </Button>
              <input
                ref={fileInput}
                type="file"
                multiple
                accept={ACCEPT}
                hidden
                aria-label="Files to upload"
                onChange={(e) => {
                  send([...(e.currentTarget.files ?? [])]);
                  e.currentTarget.value = '';
                }}
              />
            </div>
          )}
        </div>
        <div className="library-filters">
          <SearchField label="Search" labelPosition="side" value={search} onChange={setSearch} width="size-3600" aria-label="Search attachments" />
          <Picker
            label="Type"
            labelPosition="side"
            items={KIND_FILTERS}
            selectedKey={mediaType || 'ALL'}
            onSelectionChange={(key) => setMediaType(key === 'ALL' ? '' : (key as ArtifactKind))}
            width="size-2000"
          >
            {(f) => <Item key={f.key || 'ALL'}>{f.label}</Item>}
          </Picker>
        </div>
        {selected.size > 0 && (
          <div className="library-selection" role="toolbar" aria-label="Selected attachments">
            <span className="library-selection-count">{selected.size} selected</span>
            {can.edit && (
              <ActionButton onPress={() => setDialog({ kind: 'move' })} isDisabled={buckets.filter((b) => b.id !== bucketId).length === 0}>
                <MoveTo />
                <Text>Move to bucket</Text>
              </ActionButton>
            )}
            {can.edit && bucketId && (
              <ActionButton onPress={() => void actions.remove()}>
                <FolderRemove />
                <Text>Remove from bucket</Text>
              </ActionButton>
            )}
            {can.delete && (
              <ActionButton onPress={() => setDialog({ kind: 'delete' })}>
                <Delete />
                <Text>Delete</Text>
              </ActionButton>
            )}
            <ActionButton isQuiet onPress={() => setSelected(new Set())}>
              Clear selection
            </ActionButton>
          </div>
        )}
        <UploadRows rows={uploads.rows} onClear={uploads.clearFinished} />
        <div className="library-drop" data-dragging={dragging} onDragOver={onDragOver} onDragLeave={() => setDragging(false)} onDrop={onDrop}>
          {list.items.length > 0 ? (
            <ul className="library-grid" aria-label="Attachments" aria-busy={list.loading}>
              {list.items.map((a: Artifact) => (
                <AttachmentCard key={a._id} artifact={a} selected={selected.has(a._id)} onToggle={() => toggle(a._id)} />
              ))}
            </ul>
          ) : (
            <div className="library-empty" aria-busy={list.loading}>
              {list.loading ? ArtifactMessages.syncing : ArtifactMessages.none}
              {!list.loading && can.create && <p className="muted">Drop files here or use Upload.</p>}
            </div>
          )}
          {dragging && <div className="library-drop-hint">Drop files to upload{bucket ? ` into ${bucket.name}` : ''}</div>}
        </div>
        <div className="library-more">
          {list.more && (
            <Button variant="secondary" onPress={list.showMore} isPending={list.loading}>
              {ArtifactMessages.showMore}
            </Button>
          )}
          {!list.more && list.paged && <span className="muted">{ArtifactMessages.noMore}</span>}
        </div>
      </div>
      <DialogContainer onDismiss={close}>{dialog && renderDialog(dialog)}</DialogContainer>
    </div>
  );
}
