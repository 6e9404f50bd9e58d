/** Everything the library knows about an item, as a description list (the sidecar's fields, readable). */
import type { LibraryItemView } from '../../../../shared/contract/library.js';
import { formatBytes, formatCost, formatDuration, formatTime, formatValue, KIND_LABEL } from './media.js';

interface Props {
  item: LibraryItemView;
  /** Measured by the player when the sidecar has no duration (the host does not probe every video). */
  playedDuration?: number;
}

function Entries({ label, record }: { label: string; record: Record<string, unknown> | undefined }) {
  const entries = Object.entries(record ?? {});
  if (entries.length === 0) return null;
  return (
    <>
      <dt>{label}</dt>
      <dd>
        <dl className="detail-sub" aria-label={label}>
          {entries.map(([k, v]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd>{formatValue(v)}</dd>
            </div>
          ))}
        </dl>
      </dd>
    </>
  );
}

export function ItemMetadata({ item, playedDuration }: Props) {
  const duration = item.durationSeconds ?? playedDuration;
  return (
    <dl className="detail-meta" data-testid="detail-metadata">
      <dt>Prompt</dt>
      <dd className="detail-prompt">{item.prompt || <span className="muted">No prompt</span>}</dd>
      <dt>Model</dt>
      <dd>{item.model}</dd>
      <dt>Kind</dt>
      <dd>
        {KIND_LABEL[item.kind]} <span className="muted">({item.mime})</span>
      </dd>
      {item.width !== undefined && item.height !== undefined && (
        <>
          <dt>Dimensions</dt>
          <dd>
            {item.width} × {item.height}
          </dd>
        </>
      )}
      {duration !== undefined && Number.isFinite(duration) && (
        <>
          <dt>Duration</dt>
          <dd>{formatDuration(duration)}</dd>
        </>
      )}
      <dt>Size</dt>
      <dd>{formatBytes(item.bytes)}</dd>
      <dt>Created</dt>
      <dd>{formatTime(item.createdAt)}</dd>
      <dt>Saved</dt>
      <dd>{formatTime(item.savedAt)}</dd>
      {item.taskId && (
        <>
          <dt>Task id</dt>
          <dd>
            <code>{item.taskId}</code>
          </dd>
        </>
      )}
      {item.sourceUrl && (
        <>
          <dt>Source</dt>
          <dd>
            {/* Gateway links expire after 24 hours; the saved file is what lasts, so this is for reference. */}
            <a href={item.sourceUrl} target="_blank" rel="noreferrer noopener" className="detail-link">
              {item.sourceUrl}
            </a>
          </dd>
        </>
      )}
      {item.cost && (
        <>
          <dt>Cost</dt>
          <dd>{formatCost(item.cost)}</dd>
        </>
      )}
      <Entries label="Parameters" record={item.params} />
      <Entries label="Usage" record={item.usage} />
    </dl>
  );
}
