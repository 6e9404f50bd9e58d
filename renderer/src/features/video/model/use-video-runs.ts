/**
 * The Video tab's recent jobs, newest first, kept by the host with the drafts (useDraft, key
 * `draft:video-runs`) so a reload or a restart finds them again: ids only, each job's view comes
 * from the host (use-watched-task.ts) and its clip from the library. A studio that kept only the
 * last job (`draft:video-result`) starts its list from that one.
 */
import { useCallback, useMemo, useState } from 'react';
import { readDraft } from '../../../state/draft-storage.js';
import { useDraft } from '../../../state/drafts.js';

export interface VideoRun {
  taskId: string;
}

export const VIDEO_KEEP = 6;

function initial(): { runs: VideoRun[] } {
  const last = readDraft('video-result', { taskId: '' }).taskId;
  return { runs: last ? [{ taskId: last }] : [] };
}

export function useVideoRuns() {
  const [fallback] = useState(initial);
  const [state, update] = useDraft<{ runs: VideoRun[] }>('video-runs', fallback);
  const runs = useMemo(() => (Array.isArray(state.runs) ? state.runs.filter((r) => r && typeof r.taskId === 'string' && r.taskId) : []), [state.runs]);
  const add = useCallback(
    (taskId: string) => update({ runs: [{ taskId }, ...runs.filter((r) => r.taskId !== taskId)].slice(0, VIDEO_KEEP) }),
    [runs, update],
  );
  return { runs, add };
}
