/** The `settings.*` calls; a new library folder is approved outside the page first (library-move.ts). */
import { mkdirSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import type { DomainHandlers } from '../dispatch.js';
import { msg } from '@shared/messages/index.js';
import { coreError } from '../errors.js';
import type { CoreServices } from '../services.js';
import { approveLibraryMove } from '../settings/library-move.js';

export function settingsHandlers({ ports, store, settingsView, library, emit }: CoreServices): DomainHandlers<'settings'> {
  return {
    'settings.get': () => settingsView(),
    'settings.update': async (i) => {
      if (i.libraryDir !== undefined) {
        if (!isAbsolute(i.libraryDir)) throw coreError('invalid_input', msg('app.settings.fullFolderPath'), 'libraryDir');
        // A move is the creator's, confirmed outside the page, to a folder that may hold it (library-move.ts).
        const current = settingsView();
        if (resolve(i.libraryDir) !== resolve(current.libraryDir)) {
          await approveLibraryMove(
            { from: current.libraryDir, to: resolve(i.libraryDir), code: i.confirmCode, language: current.language },
            { dataDir: ports.dataDir, platform: ports.platform, confirm: ports.confirmOutside },
          );
        }
        try {
          mkdirSync(i.libraryDir, { recursive: true });
        } catch (err) {
          throw coreError('invalid_input', msg('app.settings.folderUnusable', { reason: (err as NodeJS.ErrnoException).code ?? (err as Error).message }), 'libraryDir');
        }
      }
      const before = settingsView().libraryDir;
      store.update((d) => {
        if (i.libraryDir !== undefined) d.libraryDir = resolve(i.libraryDir);
        if (i.theme !== undefined) d.theme = i.theme;
        if (i.language !== undefined) d.language = i.language;
        if (i.mediaLimits !== undefined) d.mediaLimits = { ...d.mediaLimits, ...i.mediaLimits };
        if (i.chatSendKey !== undefined) d.chatSendKey = i.chatSendKey;
        if (i.chatDefaults !== undefined) d.chatDefaults = i.chatDefaults;
      });
      const view = settingsView();
      if (view.libraryDir !== before) await library.switchTo(view.libraryDir);
      emit('settings.onDidChange', view);
      return view;
    },
  };
}
