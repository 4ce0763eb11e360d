import { ActionButton } from '@adobe/react-spectrum/ActionButton';
import { ProgressCircle } from '@adobe/react-spectrum/ProgressCircle';
import { SearchField } from '@adobe/react-spectrum/SearchField';
import { Tooltip, TooltipTrigger } from '@adobe/react-spectrum/Tooltip';
import Add from '@spectrum-icons/workflow/Add';
import type { Segment } from '@parley/sdk/contract/customers';

interface Props {
  segments: Segment[] | undefined;
  loading: boolean;
  selectedId: string | null;
  search: string;
  onSearch(search: string): void;
  onSelect(segmentId: string): void;
  /** Absent for a reader: no Add Segment. */
  onAdd?(): void;
  /** How many customers the enterprise has (undefined while it loads), for the 'All customers' entry. */
  total: number | undefined;
  allSelected: boolean;
  onSelectAll(): void;
}

/**
 * customer-master 2: the left 'Segments' panel; the selected segment filters the customer table. 'All customers'
 * heads the list and filters nothing: a customer in no segment is found only there. The segment search leaves it be.
 */
export function SegmentsPanel({ segments, loading, selectedId, search, onSearch, onSelect, onAdd, total, allSelected, onSelectAll }: Props) {
  return (
    <aside className="pcm-cu-panel" aria-label="Segments">
      <div className="pcm-cu-panel-head">
        <h2 className="pcm-cu-panel-title">Segments</h2>
        {loading && <ProgressCircle aria-label="Loading segments" isIndeterminate size="S" />}
        {onAdd && (
          <TooltipTrigger>
            <ActionButton isQuiet aria-label="Add Segment" onPress={onAdd}>
              <Add />
            </ActionButton>
            <Tooltip>Add Segment</Tooltip>
          </TooltipTrigger>
        )}
      </div>
      <SearchField aria-label="Search segments" value={search} onChange={onSearch} width="100%" />
      <ul className="pcm-cu-segments">
        <li className="pcm-cu-all-item">
          <button type="button" className="pcm-cu-segment pcm-cu-all" aria-current={allSelected} onClick={onSelectAll}>
            <span className="pcm-cu-segment-name">All customers</span>
            <span className="pcm-cu-count">{total ?? '–'}</span>
          </button>
        </li>
        {segments && segments.length === 0 && !loading && (
          <li>
            <p className="pcm-cu-note">No Record Found</p>
          </li>
        )}
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
