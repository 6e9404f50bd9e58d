/**
 * The saved output's thumbnail beside a finished job. The library item is asked for only once the
 * row scrolls into view, so a list of hundreds of saved jobs does not fire hundreds of calls.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { EMPTY, useCall } from '../../../api/client.js';
import { mediaUrl } from '../../../api/session.js';

/** Library paths are relative and may hold any character: each segment is encoded on its own. */

function useSeen<T extends Element>() {
  const ref = useRef<T>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || seen) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setSeen(true);
    }, { rootMargin: '200px' });
    observer.observe(el);
    return () => observer.disconnect();
  }, [seen]);
  return [ref, seen] as const;
}

/** The thumbnail once it is known and loads; `fallback` meanwhile, and for files without one. */
export function TaskThumb({ libraryId, fallback }: { libraryId: string; fallback: ReactNode }) {
  const [ref, seen] = useSeen<HTMLDivElement>();
  const info = useCall('app.info', EMPTY, { enabled: seen });
  const item = useCall('library.get', { id: libraryId }, { enabled: seen });
  const [broken, setBroken] = useState(false);
  const path = item.data?.thumb ?? (item.data?.kind === 'image' ? item.data.file : undefined);
  const base = info.data?.mediaBase;
  return (
    <div className="task-thumb" ref={ref}>
      {path && base && !broken ? (
        <img src={mediaUrl(base, path)} alt="" loading="lazy" decoding="async" onError={() => setBroken(true)} />
      ) : (
        fallback
      )}
    </div>
  );
}
