import { ActionButton, ActionMenu, Item, Text } from '@adobe/react-spectrum';
import FolderAdd from '@spectrum-icons/workflow/FolderAdd';
import FolderOutline from '@spectrum-icons/workflow/FolderOutline';
import Images from '@spectrum-icons/workflow/Images';
import type { Bucket } from '@parley/sdk/contract/artifacts';

interface Props {
  buckets: readonly Bucket[];
  openId: string | null;
  canEdit: boolean;
  onOpen(bucketId: string | null): void;
  onNew(): void;
  onRename(bucket: Bucket): void;
  onDelete(bucket: Bucket): void;
}

/** The left column: every attachment of the tab, then its buckets with their counts. */
export function BucketList({ buckets, openId, canEdit, onOpen, onNew, onRename, onDelete }: Props) {
  return (
    <nav className="library-buckets" aria-label="Buckets">
      <button
        type="button"
        className="library-bucket"
        data-active={openId === null}
        aria-current={openId === null ? 'page' : undefined}
        onClick={() => onOpen(null)}
      >
        <Images size="S" />
        <span className="library-bucket-name">All attachments</span>
      </button>
      <div className="library-buckets-head">
        <span>Buckets</span>
        {canEdit && (
          <ActionButton isQuiet onPress={onNew} aria-label="New bucket">
            <FolderAdd />
            <Text>New bucket</Text>
          </ActionButton>
        )}
      </div>
      {buckets.length === 0 && <p className="muted library-buckets-empty">No buckets yet.</p>}
      <ul>
        {buckets.map((bucket) => (
          <li key={bucket.id} className="library-bucket-row" data-active={openId === bucket.id}>
            <button
              type="button"
              className="library-bucket"
              data-active={openId === bucket.id}
              aria-current={openId === bucket.id ? 'page' : undefined}
              onClick={() => onOpen(bucket.id)}
            >
              <FolderOutline size="S" />
              <span className="library-bucket-name" title={bucket.name}>
                {bucket.name}
              </span>
              <span className="library-count">{bucket.count}</span>
            </button>
            {canEdit && (
              <ActionMenu isQuiet aria-label={`Actions for ${bucket.name}`} onAction={(key) => (key === 'rename' ? onRename(bucket) : onDelete(bucket))}>
                <Item key="rename">Rename</Item>
                <Item key="delete">Delete</Item>
              </ActionMenu>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
