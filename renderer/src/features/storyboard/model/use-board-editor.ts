/**
 * One open board: the host's view (storyboard.get, kept fresh by storyboard.onDidChange) and the
 * creator's edits on top of it, saved with the whole shot list through storyboard.update 400 ms
 * after the last keystroke (docs/storyboards.md, "Editing"). A refusal keeps the edit on screen
 * and names the shot the host named; nothing is sent while a shot still lacks its words.
 */
import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { BoardInput, BoardView } from '@shared/contract/storyboard.js';
import type { ErrorData } from '@shared/contract/index.js';
import { call, callKey, useCall, useEvent } from '../../../api/client.js';
import { boardInput, firstMissing, shotOfParam, type Missing } from './shot-list.js';

export const SAVE_DELAY_MS = 400;

export type SaveStatus =
  | { kind: 'saved' }
  | { kind: 'pending' }
  | { kind: 'saving' }
  | { kind: 'incomplete'; index: number; missing: Missing }
  | { kind: 'refused'; error: ErrorData; index: number | undefined };

interface Local {
  draft: BoardInput;
  version: number;
}

export function useBoardEditor(id: string) {
  const client = useQueryClient();
  const key = callKey('storyboard.get', { id });
  const view = useCall('storyboard.get', { id });
  const [local, setLocal] = useState<Local | null>(null);
  const [status, setStatus] = useState<SaveStatus>({ kind: 'saved' });
  const latest = useRef(0);

  const refreshAround = () => {
    void client.invalidateQueries({ queryKey: callKey('storyboard.estimate', { id }) });
    void client.invalidateQueries({ queryKey: callKey('storyboard.list') });
  };
  const accept = (board: BoardView) => {
    client.setQueryData(key, board);
    refreshAround();
  };
  useEvent('storyboard.onDidChange', (board) => {
    if (board.id === id) accept(board);
  });

  const draft: BoardInput | undefined = local?.draft ?? (view.data ? boardInput(view.data) : undefined);

  const edit = (change: (board: BoardInput) => BoardInput) => {
    const version = latest.current + 1;
    latest.current = version;
    // From the latest edit, not this render's: two changes before a render both count.
    setLocal((prev) => {
      const base = prev?.draft ?? (view.data ? boardInput(view.data) : undefined);
      return base ? { draft: change(base), version } : prev;
    });
    setStatus({ kind: 'pending' });
  };

  const save = (pending: Local) => {
    setStatus({ kind: 'saving' });
    call('storyboard.update', { id, ...pending.draft }).then(
      (board) => {
        client.setQueryData(key, board);
        refreshAround();
        // A newer edit waits for its own save; this one is the host's now.
        if (latest.current !== pending.version) return;
        setLocal(null);
        setStatus({ kind: 'saved' });
      },
      (error: ErrorData) => {
        if (latest.current === pending.version) setStatus({ kind: 'refused', error, index: shotOfParam(error.param) });
      },
    );
  };

  // The edit not yet sent when the board closes (another board opened, the tab left) is sent at once.
  const unsent = useRef<Local | null>(null);
  useEffect(() => () => {
    const pending = unsent.current;
    if (pending && !firstMissing(pending.draft.shots)) void call('storyboard.update', { id, ...pending.draft }).catch(() => undefined);
    // Once, as the board closes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    unsent.current = local;
    if (!local) return;
    const timer = setTimeout(() => {
      unsent.current = null;
      const missing = firstMissing(local.draft.shots);
      if (missing) {
        unsent.current = local;
        setStatus({ kind: 'incomplete', ...missing });
        return;
      }
      save(local);
    }, SAVE_DELAY_MS);
    return () => clearTimeout(timer);
    // Saved once per edit (its version); the rest is read at that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [local?.version]);

  return { view, board: view.data, draft, edit, status, unsaved: local !== null, accept };
}
