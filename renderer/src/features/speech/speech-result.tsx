/**
 * The last spoken text, played from the library (it was saved before the call returned) with
 * the browser's own controls, seek bar included. Its duration is shown once the player has
 * read it; usage is the number of characters spoken, money only if the host recorded a cost.
 */
import { useState } from 'react';
import { EMPTY, errorMessage, useCall } from '../../api/client.js';
import { formatCost } from '../../components/generator/usage-line.js';
import { formatClock, mediaSrc } from '../../components/generator/media-src.js';

/** Ogg and ADTS streams may report Infinity until read through; only a real figure is shown. */
const finite = (n: number) => (Number.isFinite(n) && n > 0 ? n : undefined);

export function SpeechResult({ itemId }: { itemId: string }) {
  const item = useCall('library.get', { id: itemId });
  const mediaBase = useCall('app.info', EMPTY).data?.mediaBase;
  const [duration, setDuration] = useState<number | undefined>(undefined);

  if (item.isError) {
    return (
      <section className="gen-result" aria-label="Latest speech">
        <p className="muted">{item.error.code === 'not_found' ? 'The last audio was removed from the library.' : errorMessage(item.error)}</p>
      </section>
    );
  }
  if (!item.data || mediaBase === undefined) return null;
  const { data } = item;
  const shown = duration ?? data.durationSeconds;
  const p = data.params;
  return (
    <section className="gen-result" aria-label="Latest speech" data-testid="speech-result">
      <div className="speech-result-head">
        <h3>Latest speech</h3>
        <span className="badge badge-active">Saved to the gallery</span>
      </div>
      <audio
        controls
        preload="metadata"
        src={mediaSrc(mediaBase, data.file)}
        aria-label="Generated speech"
        onLoadedMetadata={(e) => setDuration(finite(e.currentTarget.duration))}
        onDurationChange={(e) => setDuration(finite(e.currentTarget.duration))}
      />
      <p className="gen-facts">
        <span data-testid="speech-duration">{shown !== undefined ? `Duration ${formatClock(shown)} (${shown.toFixed(1)} s)` : 'Reading duration…'}</span>
        <span data-testid="speech-usage">Usage: {data.prompt.length.toLocaleString()} characters</span>
        {data.cost && <span>Cost {formatCost(data.cost)}</span>}
        <span>{data.model}</span>
        {typeof p.voice === 'string' && <span>voice {p.voice}</span>}
        {typeof p.response_format === 'string' && <span data-testid="speech-format">{p.response_format}</span>}
        {typeof p.speed === 'number' && <span>speed {p.speed}×</span>}
        <span>
          {data.mime} · {Math.max(1, Math.round(data.bytes / 1024)).toLocaleString()} KB
        </span>
      </p>
      <blockquote className="speech-text">{data.prompt}</blockquote>
    </section>
  );
}
