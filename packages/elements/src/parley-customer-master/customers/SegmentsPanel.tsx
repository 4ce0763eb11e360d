import { ActionButton, ProgressCircle, SearchField, Tooltip, TooltipTrigger } from '@adobe/react-spectrum';
import Add from '@spectrum-icons/workflow/Add';
import type { Segment } from '@parley/sdk/contract/customers';

interface Props {
  segments: Segment[] | undefined;
  loading: boolean;
  selectedId: string | null;
  search: string;
  onSearch(search: string): void;
  onSelect(segmentId: string): void;
  onAdd(): void;
}

/** customer-master 2: the left 'Segments' panel; the selected segment filters the customer table. */
export function SegmentsPanel({ segments, loading, selectedId, search, onSearch, onSelect, onAdd }: Props) {
  return (
    <aside className="pcm-cu-panel" aria-label="Segments">
      <div className="pcm-cu-panel-head">
        <h2 className="pcm-cu-panel-title">Segments</h2>
        {loading && <ProgressCircle aria-label="Loading segments" isIndeterminate size="S" />}
        <TooltipTrigger>
          <ActionButton isQuiet aria-label="Add Segment" onPress={onAdd}>
            <Add />
          </ActionButton>
          <Tooltip>Add Segment</Tooltip>
        </TooltipTrigger>
      </div>
      <SearchField aria-label="Search segments" value={search} onChange={onSearch} width="100%" />
      {segments && segments.length === 0 && !loading && <p className="pcm-cu-note">No Record Found</p>}
      <ul className="pcm-cu-segments">
        {segments?.map((segment) => (
          <li key={segment.id}>
            <button type="button" className="pcm-cu-segment" aria-current={segment.id === selectedId} onClick={() => onSelect(segment.id)}>
              <span className="pcm-cu-segment-name">{segment.name}</span>
              <span className="pcm-cu-count">{segment.count}</span>
            </button>
          </li>
        ))}
      </ul>
    </aside>
  );
}
