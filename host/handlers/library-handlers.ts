/** The `library.*` calls: the gallery's items, on whichever library folder is current. */
import type { DomainHandlers } from '../dispatch.js';
import { msg } from '@shared/messages/index.js';
import { coreError } from '../errors.js';
import type { CoreServices } from '../services.js';
import { TakeOut } from '../library/take-out.js';

export function libraryHandlers({ library: current, libraryMove, ports, emit, store, log }: CoreServices): DomainHandlers<'library'> {
  // Save as…, downloads, dragging out and zip exports (docs/library-files.md).
  const takeOut = new TakeOut({
    ports,
    library: () => current.current,
    language: () => store.get().language,
    onProgress: (exportId, done, total) => emit('library.onExportProgress', { exportId, done, total }),
    now: ports.now ?? Date.now,
    log,
  });
  const item = (id: string) => {
    const found = current.current.get(id);
    if (!found) throw coreError('not_found', msg('app.settings.itemGone'));
    return found;
  };
  return {
    'library.list': (q) => ({ ...current.current.list(q), models: current.current.models() }),
    'library.shapes': (q) => ({ ratios: current.current.shapes(q) }),
    'library.get': (i) => item(i.id),
    'library.remove': async (i) => {
      // An item removed while the library moves would come back from its copy in the new folder.
      if (await libraryMove.busy()) throw coreError('conflict', msg('app.settings.moveBusy'));
      const removed = await current.current.remove(i.id);
      if (removed) emit('library.onDidChange', { reason: 'removed', id: i.id });
      return { removed };
    },
    'library.reveal': (i) => {
      const found = item(i.id);
      if (!ports.revealInFolder) throw coreError('invalid_request', msg('app.settings.revealDesktopOnly'));
      ports.revealInFolder(current.current.resolve(found.file));
      return {};
    },
    'library.export': (i) => takeOut.exportZip(i.ids, i.exportId),
    'library.saveFile': (i) => takeOut.saveFile(i.id),
    'library.startDrag': async (i) => {
      await takeOut.startDrag(i.id);
      return {};
    },
  };
}
