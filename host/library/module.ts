/**
 * The library (`library.*`): the gallery's items, in whichever folder settings name, and a
 * confirmed move of its files to another folder (settings/library-move-run.ts). Jobs, chat images
 * and generators save through it; every item saved or removed is announced (host/events.ts).
 */
import { join } from 'node:path';
import { msg } from '@shared/messages/index.js';
import { CURATE_MAX_IDS } from '@shared/contract/library.js';
import { coreError } from '../errors.js';
import { defineModule } from '../module.js';
import { LibraryMoveRun } from '../settings/library-move-run.js';
import { CurrentLibrary } from './current-library.js';
import { Importer } from './import-files.js';
import { libraryFacets } from './library-facets.js';
import { TakeOut } from './take-out.js';
import { lineageOf } from './lineage.js';

export const libraryModule = defineModule({
  name: 'library',
  async open({ ports, log, emit, events, life, use }) {
    const { problems } = use('app');
    const { store, view } = use('settings');
    // The library follows the folder chosen in settings; jobs save into whichever is current.
    // Its index is rows of the studio database; an older release's index file is imported once.
    const current = new CurrentLibrary(view().libraryDir, {
      db: use('db').forDomain('library'), legacyIndex: join(ports.dataDir, 'library-index.json'), log, onUnreadable: problems.reporter('library index'),
    }, emit, events);
    await life.start('library', () => current.open(), () => current.close());
    const move = new LibraryMoveRun({
      dataDir: ports.dataDir,
      library: current,
      setFolder: (to) => store.update((d) => {
        d.libraryDir = to;
      }),
      afterSwitch: () => emit('settings.onDidChange', view()),
      emit: (status) => emit('settings.onLibraryMove', status),
      log,
    });
    // A move a kill interrupted carries on now, before any job saves (saves wait for it).
    await life.start('library move', () => move.resume(), () => move.close());
    return { current, move };
  },
  handlers: ({ ports, emit, log, now, use }) => {
    const { current, move } = use('library');
    const { store } = use('settings');
    // Save as…, downloads, dragging out and zip exports (docs/library-files.md).
    const takeOut = new TakeOut({
      ports,
      library: () => current.current,
      language: () => store.get().language,
      onProgress: (exportId, done, total) => emit('library.onExportProgress', { exportId, done, total }),
      now,
      log,
    });
    // Files brought in from outside wait in the data folder until the library moves them in.
    const importer = new Importer({ library: current, tempDir: join(ports.dataDir, 'imports'), now, log });
    const item = (id: string) => {
      const found = current.current.get(id);
      if (!found) throw coreError('not_found', msg('app.settings.itemGone'));
      return found;
    };
    // An edit written while the library moves could be left behind in the old folder's sidecars.
    const notMoving = async () => {
      if (await move.busy()) throw coreError('conflict', msg('app.settings.moveBusy'));
    };
    const collection = (id: string) => {
      const found = current.current.curation.list().find((c) => c.id === id);
      if (!found) throw coreError('not_found', msg('files.export.collectionGone'));
      return found;
    };
    return {
      'library.list': (q) => ({ ...current.current.list(q), models: current.current.models() }),
      'library.shapes': (q) => ({ ratios: current.current.shapes(q) }),
      'library.ids': (q) => {
        const ids = current.current.ids(q);
        return { ids: ids.length > CURATE_MAX_IDS ? ids.slice(0, CURATE_MAX_IDS) : ids, total: ids.length };
      },
      'library.facets': (q) => libraryFacets(current.current, q),
      'library.get': (i) => item(i.id),
      'library.getMany': (i) => i.ids.flatMap((id) => current.current.get(id) ?? []),
      'library.lineage': (i) => lineageOf(current.current, i.id),
      'library.remove': async (i) => {
        // An item removed while the library moves would come back from its copy in the new folder.
        if (await move.busy()) throw coreError('conflict', msg('app.settings.moveBusy'));
        return { removed: await current.remove(i.id) };
      },
      'library.setFavourite': async (i) => {
        // A mark written while the library moves could be left behind in the old folder's sidecar.
        if (await move.busy()) throw coreError('conflict', msg('app.settings.moveBusy'));
        const changed = await current.setFavourite(i.id, i.favourite);
        if (!changed) throw coreError('not_found', msg('app.settings.itemGone'));
        return changed;
      },
      'library.favourite': async (i) => {
        await notMoving();
        await current.current.open();
        return { changed: current.curate((l) => l.favourite(i.ids, i.favourite)) };
      },
      'library.rate': async (i) => {
        await notMoving();
        await current.current.open();
        return { changed: current.curate((l) => l.curation.rate(l.known(i.ids), i.rating)) };
      },
      'library.tag': async (i) => {
        await notMoving();
        await current.current.open();
        return { changed: current.curate((l) => l.curation.tag(l.known(i.ids), i.add, i.remove)) };
      },
      'library.collections': () => current.current.curation.list(),
      'library.createCollection': (i) => current.curate((l) => l.curation.create(i.name)),
      'library.renameCollection': async (i) => {
        await notMoving();
        if (!current.curate((l) => l.curation.rename(i.id, i.name))) throw coreError('not_found', msg('files.export.collectionGone'));
        return collection(i.id);
      },
      'library.removeCollection': async (i) => {
        await notMoving();
        return { removed: current.curate((l) => l.curation.remove(i.id)) };
      },
      'library.collect': async (i) => {
        await notMoving();
        if (!current.current.curation.has(i.collectionId)) throw coreError('not_found', msg('files.export.collectionGone'));
        return { changed: current.curate((l) => l.curation.collect(l.known(i.ids), i.collectionId, i.add)) };
      },
      'library.exportCollection': (i) => {
        if (!current.current.curation.has(i.id)) throw coreError('not_found', msg('files.export.collectionGone'));
        return takeOut.exportZip(current.current.known(current.current.curation.itemsIn(i.id)), i.exportId);
      },
      'library.reveal': (i) => {
        const found = item(i.id);
        if (!ports.revealInFolder) throw coreError('invalid_request', msg('app.settings.revealDesktopOnly'));
        ports.revealInFolder(current.current.resolve(found.file));
        return {};
      },
      'library.export': (i) => takeOut.exportZip(i.ids, i.exportId),
      'library.saveFile': (i) => takeOut.saveFile(i.id),
      'library.importFile': async (i) => {
        // A file added while the library moves could land in the folder being left.
        if (await move.busy()) throw coreError('conflict', msg('app.settings.moveBusy'));
        return importer.importFile(i.name, i.data);
      },
      'library.startDrag': async (i) => {
        await takeOut.startDrag(i.id);
        return {};
      },
    };
  },
});
