/**
 * The Video tab's recent jobs, newest first, kept by the host with the drafts (useDraft, key
 * `draft:video-runs`) so a reload or a restart finds them again: ids only, each job's view comes
 * from the host (use-watched-task.ts) and its clip from the library. A studio that kept only the
 * last job (`draft:video-result`) starts its list from that one. Once saved, a run keeps its clip's
 * library id too: the host's task list keeps only the newest finished jobs (shared/contract/tasks.ts,
 * LISTED_FINISHED), and a job that has left it still shows its clip.
 */
import { useCallback, useMemo, useState } from 'react';
import { readDraft } from '../../../state/draft-storage.js';
import { useDraft } from '../../../state/drafts.js';

export interface VideoRun {
  taskId: string;
  /** The saved clip's library id. */
  saved?: string;
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
  const keepSaved = useCallback(
    (taskId: string, libraryId: string) => {
      if (runs.some((r) => r.taskId === taskId && r.saved !== libraryId)) update({ runs: runs.map((r) => (r.taskId === taskId ? { ...r, saved: libraryId } : r)) });
    },
    [runs, update],
  );
  return { runs, add, keepSaved };
}
