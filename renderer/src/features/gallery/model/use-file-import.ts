/**
 * Files brought into the library from the system (docs/library-files.md, "Bringing files in"):
 * a drop onto the Gallery or "Add files…". Each file is one `library.importFile` call, one at a
 * time, so the page counts its own progress and a large drop never holds many files in memory;
 * each answer is kept (added, or skipped with the host's reason) for the summary. The new items
 * reach the grid through `library.onDidChange`, as any save does.
 */
import { useCallback, useRef, useState } from 'react';
import type { ImportOutcome } from '@shared/contract/library.js';
import type { Message } from '@shared/messages/index.js';
import { call, errorMessage } from '../../../api/client.js';

/** A file the host refused to take at all (too large, the connection gone): its name and why, in words. */
export interface Refused {
  name: string;
  /** The host's reason, or the words of a failed call. */
  reason: Message | string;
}

export type ImportState =
  | { step: 'idle' }
  | { step: 'running'; done: number; total: number }
  | { step: 'done'; added: number; skipped: Refused[] };

export function useFileImport() {
  const [state, setState] = useState<ImportState>({ step: 'idle' });
  const busy = useRef(false);

  const run = useCallback(async (files: readonly File[]) => {
    if (busy.current || files.length === 0) return;
    busy.current = true;
    let added = 0;
    const skipped: Refused[] = [];
    setState({ step: 'running', done: 0, total: files.length });
    try {
      for (const [i, file] of files.entries()) {
        let out: ImportOutcome | undefined;
        try {
          out = await call('library.importFile', { name: file.name, data: new Uint8Array(await file.arrayBuffer()) });
        } catch (error) {
          skipped.push({ name: file.name, reason: `${file.name}: ${errorMessage(error)}` });
        }
        if (out?.outcome === 'added') added++;
        else if (out) skipped.push({ name: out.name, reason: out.reason });
        setState({ step: 'running', done: i + 1, total: files.length });
      }
    } finally {
      busy.current = false;
      setState({ step: 'done', added, skipped });
    }
  }, []);

  return { state, run };
}
