/**
 * Settings and gateway profiles (`settings.*`, `profiles.*`): the settings file, the profiles and
 * their keys. A new library folder is approved outside the page first (library-move.ts), then
 * the library's files move there (library-move-run.ts, the library module's) before the setting
 * changes.
 */
import { mkdirSync } from 'node:fs';
import { rmdir } from 'node:fs/promises';
import { isAbsolute, join, resolve } from 'node:path';
import { DEFAULT_MEDIA_LIMITS, type SettingsView } from '@shared/contract/settings.js';
import { msg } from '@shared/messages/index.js';
import { coreError } from '../errors.js';
import { GatewayClient } from '../gateway/client.js';
import { defineModule } from '../module.js';
import { chatDefaultsOf } from '../chat/settings-merge.js';
import { approveLibraryMove } from './library-move.js';
import { ProfileService } from './profile-service.js';
import { SettingsStore } from './settings-store.js';

export const settingsModule = defineModule({
  name: 'settings',
  open({ ports, log, now, emit, events, use }) {
    const { sandbox, problems } = use('app');
    const store = new SettingsStore(ports.settings, log, problems.reporter('settings'));
    const view = (): SettingsView => {
      const s = store.get();
      return { libraryDir: s.libraryDir ?? join(ports.dataDir, 'Library'), theme: s.theme, language: s.language, mediaLimits: { ...DEFAULT_MEDIA_LIMITS, ...s.mediaLimits }, chatSendKey: s.chatSendKey ?? 'enter', chatDefaults: chatDefaultsOf(s.chatDefaults) };
    };
    // Every client announces its own billed calls, for its profile (host/events.ts).
    const makeClient = (baseUrl: string, apiKey: string, profileId: string) => new GatewayClient({ baseUrl, apiKey, now, profileId, events });
    const changeListeners: (() => void)[] = [];
    const profiles = new ProfileService(store, ports.secrets, sandbox.url, makeClient, (v) => {
      for (const l of changeListeners) l();
      emit('profiles.onDidChange', v);
    });
    return { store, view, profiles, onProfilesChange: (l: () => void) => void changeListeners.push(l) };
  },
  handlers: ({ ports, emit, use }) => {
    const { store, view, profiles } = use('settings');
    const { move } = use('library');
    return {
      'settings.get': () => view(),
      'settings.update': async (i) => {
        if (i.libraryDir !== undefined) {
          if (!isAbsolute(i.libraryDir)) throw coreError('invalid_input', msg('app.settings.fullFolderPath'), 'libraryDir');
          // A move is the creator's, confirmed outside the page, to a folder that may hold it (library-move.ts).
          const current = view();
          if (resolve(i.libraryDir) !== resolve(current.libraryDir)) {
            if (await move.busy()) throw coreError('conflict', msg('app.settings.moveBusy'), 'libraryDir');
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
            await move.move(resolve(current.libraryDir), to).catch(async (err: unknown) => {
              // Refused before anything moved: the folder made for it above goes again, if still empty.
              if (!(await move.busy())) await rmdir(to).catch(() => undefined);
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
        const next = view();
        emit('settings.onDidChange', next);
        return next;
      },
      'settings.libraryMove': () => move.current(),
      'settings.finishLibraryMove': async (i) => {
        await (i.action === 'retry' ? move.retry() : move.back());
        return move.current();
      },
      'profiles.list': () => profiles.list(),
      'profiles.save': (i) => profiles.save(i),
      'profiles.remove': (i) => profiles.remove(i.id),
      'profiles.activate': (i) => profiles.activate(i.id),
      'profiles.clearKey': (i) => profiles.clearKey(i.id),
      'profiles.test': (i) => profiles.test(i.id),
      'profiles.keyStorage': () => profiles.keyStorage(),
      'profiles.allowPlaintextKeys': (i) => profiles.allowPlaintextKeys(i.allow),
    };
  },
});
