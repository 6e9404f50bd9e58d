/**
 * The `settings.*` calls; a new library folder is approved outside the page first (library-move.ts),
 * then the library's files move there (library-move-run.ts) before the setting changes.
 */
import { mkdirSync } from 'node:fs';
import { rmdir } from 'node:fs/promises';
import { isAbsolute, resolve } from 'node:path';
import type { DomainHandlers } from '../dispatch.js';
import { msg } from '@shared/messages/index.js';
import { coreError } from '../errors.js';
import type { CoreServices } from '../services.js';
import { approveLibraryMove } from '../settings/library-move.js';

export function settingsHandlers({ ports, store, settingsView, libraryMove, emit }: CoreServices): DomainHandlers<'settings'> {
  return {
    'settings.get': () => settingsView(),
    'settings.update': async (i) => {
      if (i.libraryDir !== undefined) {
        if (!isAbsolute(i.libraryDir)) throw coreError('invalid_input', msg('app.settings.fullFolderPath'), 'libraryDir');
        // A move is the creator's, confirmed outside the page, to a folder that may hold it (library-move.ts).
        const current = settingsView();
        if (resolve(i.libraryDir) !== resolve(current.libraryDir)) {
          if (await libraryMove.busy()) throw coreError('conflict', msg('app.settings.moveBusy'), 'libraryDir');
          await approveLibraryMove(
            { from: current.libraryDir, to: resolve(i.libraryDir), code: i.confirmCode, language: current.language },
            { dataDir: ports.dataDir, platform: ports.platform, confirm: ports.confirmOutside },
          );
          try {
            mkdirSync(i.libraryDir, { recursive: true });
          } catch (err) {
            throw coreError('invalid_input', msg('app.settings.folderUnusable', { reason: (err as NodeJS.ErrnoException).code ?? (err as Error).message }), 'libraryDir');
          }
          // The files move first; the setting points at the new folder only once they are all there.
          const to = resolve(i.libraryDir);
          await libraryMove.move(resolve(current.libraryDir), to).catch(async (err: unknown) => {
            // Refused before anything moved: the folder made for it above goes again, if still empty.
            if (!(await libraryMove.busy())) await rmdir(to).catch(() => undefined);
            throw err;
          });
        }
      }
      store.update((d) => {
        if (i.theme !== undefined) d.theme = i.theme;
        if (i.language !== undefined) d.language = i.language;
        if (i.mediaLimits !== undefined) d.mediaLimits = { ...d.mediaLimits, ...i.mediaLimits };
        if (i.chatSendKey !== undefined) d.chatSendKey = i.chatSendKey;
        if (i.chatDefaults !== undefined) d.chatDefaults = i.chatDefaults;
      });
      const view = settingsView();
      emit('settings.onDidChange', view);
      return view;
    },
    'settings.libraryMove': () => libraryMove.current(),
    'settings.finishLibraryMove': async (i) => {
      await (i.action === 'retry' ? libraryMove.retry() : libraryMove.back());
      return libraryMove.current();
    },
  };
}
