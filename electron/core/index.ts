/**
 * The host core: implements the contract in plain Node. It never imports `electron`; its side
 * effects come in as ports, so Electron's main process, the browser shell and Vitest all run it.
 */
import { mkdirSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import type { EventName, EventPayload } from '@shared/contract/index.js';
import { DEFAULT_MEDIA_LIMITS, type SettingsView } from '@shared/contract/settings.js';
import { BalanceService } from './account/balance-service.js';
import { LoopWatchdog } from './health/loop-watchdog.js';
import { coreError } from './errors.js';
import { createDispatcher, type Handlers } from './dispatch.js';
import { GatewayClient } from './gateway/client.js';
import { ProfileService } from './settings/profile-service.js';
import { SettingsStore } from './settings/settings-store.js';
import type { Core, CorePorts } from './ports.js';
import { Library } from './library/library.js';
import { resolveLibraryFile } from './library/media-file.js';
import { approveLibraryMove } from './settings/library-move.js';
import { SPEC_CADENCE } from './tasks/cadence.js';
import { JobService } from './tasks/job-service.js';
import { JobStore } from './tasks/job-store.js';
import { toTaskView } from './tasks/task-view.js';
import { AttachmentStore } from './media/attachments.js';
import { generateNativeImage, synthesizeSpeech, type GeneratorDeps } from './media/generators.js';
import { CHAT_IMAGE_FILE, ChatImages } from './chat/chat-images.js';
import { chatHandlers } from './chat/chat-handlers.js';
import { ChatService } from './chat/chat-service.js';
import { StartupProblems } from './startup-problems.js';

export type { Core, CorePorts } from './ports.js';

const MB = 1024 * 1024;

type Listener = <E extends EventName>(event: E, payload: EventPayload<E>) => void;

export async function createCore(ports: CorePorts): Promise<Core> {
  const log = ports.log ?? (() => undefined);
  const now = ports.now ?? Date.now;
  const listeners = new Set<Listener>();
  const emit = <E extends EventName>(event: E, payload: EventPayload<E>) => {
    for (const l of listeners) l(event, payload);
  };

  // First, so a stall anywhere in start-up is seen too.
  const watchdog = ports.watchdog ?? new LoopWatchdog({ onStall: (ms) => log(`host: the event loop stalled for ${ms} ms`) }).start();
  const sandbox = await ports.startSandbox();
  // Every store reports a data file it could not read and kept aside; the renderer shows them.
  const problems = new StartupProblems(() => ports.secrets.unreadable?.() ?? [], (list) => emit('app.onDidChangeStartupProblems', list));
  const store = new SettingsStore(ports.settings, log, problems.reporter('settings'));
  const makeClient = (baseUrl: string, apiKey: string) => new GatewayClient({ baseUrl, apiKey, fetch: ports.fetch, now });
  const profiles = new ProfileService(store, ports.secrets, sandbox.url, makeClient, (v) => {
    balance.invalidate();
    emit('profiles.onDidChange', v);
  });
  const balance = new BalanceService(profiles, (v) => emit('account.onDidChangeBalance', v), now);

  const settingsView = (): SettingsView => {
    const s = store.get();
    return { libraryDir: s.libraryDir ?? join(ports.dataDir, 'Library'), theme: s.theme, language: s.language, mediaLimits: { ...DEFAULT_MEDIA_LIMITS, ...s.mediaLimits } };
  };

  // The library follows the folder chosen in settings; jobs save into whichever is current.
  const libraryIndex = { indexFile: join(ports.dataDir, 'library-index.json'), log, onUnreadable: problems.reporter('library index') };
  let library = new Library({ root: settingsView().libraryDir, ...libraryIndex });
  await library.open();
  const attachments = new AttachmentStore(join(ports.dataDir, 'attachments'), now);
  const saveToLibrary: Pick<Library, 'add'> = {
    add: async (input) => {
      const item = await library.add(input);
      emit('library.onDidChange', { reason: 'added', id: item.id });
      return item;
    },
  };
  const generators = (): GeneratorDeps => ({
    client: profiles.connect().client, library: saveToLibrary, attachments, scratchDir: join(ports.dataDir, 'downloads'), now,
    maxAudioBytes: settingsView().mediaLimits.audioMb * MB,
  });
  const jobs = new JobService({
    store: new JobStore(join(ports.dataDir, 'jobs.json'), log, problems.reporter('jobs')),
    library: saveToLibrary,
    resolveRefs: (spec) => (spec.route === 'image' && Array.isArray(spec.request.image_urls)
      ? { ...spec, request: { ...spec.request, image_urls: attachments.resolveRefs(spec.request.image_urls, 'image_urls') } }
      : spec),
    downloadsDir: join(ports.dataDir, 'downloads'),
    clientFor: (profileId) => profiles.connect(profileId).client,
    activeProfileId: () => profiles.activeId(),
    cadence: ports.cadence ?? SPEC_CADENCE,
    now,
    random: Math.random,
    fetch: ports.fetch,
    maxBytes: (kind) => settingsView().mediaLimits[kind === 'image' ? 'imageMb' : 'videoMb'] * MB,
    downloadTimeouts: ports.downloadTimeouts,
    log,
    onChange: (job) => emit('tasks.onDidChange', toTaskView(job)),
    onRemove: (id) => emit('tasks.onDidRemove', { id }),
  });
  /** After every billed call the widget shows the new balance. */
  const afterBilledCall = () => void balance.get(true).catch(() => undefined);
  const paymentRequired = (message: string) => emit('account.onDidRequirePayment', { profileId: profiles.activeId(), message });
  const chat = new ChatService({
    dir: join(ports.dataDir, 'conversations'),
    client: () => profiles.connect().client,
    secrets: ports.secrets,
    images: new ChatImages(() => library.root, attachments),
    emit, log, now,
    onUnreadable: (file, backup) => problems.add(file, backup),
    afterBilled: afterBilledCall,
    // A reply that fails is data, not a thrown error, so the dispatcher's banner does not see it.
    onPaymentRequired: paymentRequired,
    timing: ports.chatTiming,
  });
  chat.open();

  const handlers: Handlers = {
    'app.health': (i) => {
      const health = watchdog.health();
      if (i.reset) watchdog.reset();
      return health;
    },
    'app.info': () => ({ version: ports.version, shell: ports.shell, platform: ports.platform, sandboxUrl: sandbox.url, mediaBase: ports.mediaBase }),
    'app.startupProblems': () => problems.list(),
    'app.dismissStartupProblems': () => {
      problems.dismiss();
      return {};
    },
    'profiles.list': () => profiles.list(),
    'profiles.save': (i) => profiles.save(i),
    'profiles.remove': (i) => profiles.remove(i.id),
    'profiles.activate': (i) => profiles.activate(i.id),
    'profiles.clearKey': (i) => profiles.clearKey(i.id),
    'profiles.test': (i) => profiles.test(i.id),
    'profiles.keyStorage': () => profiles.keyStorage(),
    'profiles.allowPlaintextKeys': (i) => profiles.allowPlaintextKeys(i.allow),
    'settings.get': () => settingsView(),
    'settings.update': async (i) => {
      if (i.libraryDir !== undefined) {
        if (!isAbsolute(i.libraryDir)) throw coreError('invalid_input', 'Choose a full folder path for the library.', 'libraryDir');
        // A move is the creator's, confirmed outside the page, to a folder that may hold it (library-move.ts).
        const current = settingsView();
        if (resolve(i.libraryDir) !== resolve(current.libraryDir)) {
          await approveLibraryMove(
            { from: current.libraryDir, to: resolve(i.libraryDir), code: i.confirmCode, language: current.language },
            { dataDir: ports.dataDir, platform: ports.platform, confirm: ports.confirmLibraryMove },
          );
        }
        try {
          mkdirSync(i.libraryDir, { recursive: true });
        } catch (err) {
          throw coreError('invalid_input', `That folder cannot be used: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}.`, 'libraryDir');
        }
      }
      const before = settingsView().libraryDir;
      store.update((d) => {
        if (i.libraryDir !== undefined) d.libraryDir = resolve(i.libraryDir);
        if (i.theme !== undefined) d.theme = i.theme;
        if (i.language !== undefined) d.language = i.language;
        if (i.mediaLimits !== undefined) d.mediaLimits = { ...d.mediaLimits, ...i.mediaLimits };
      });
      const view = settingsView();
      if (view.libraryDir !== before) {
        const previous = library;
        library = new Library({ root: view.libraryDir, ...libraryIndex });
        await previous.close();
        await library.open();
        emit('library.onDidChange', { reason: 'reset' });
      }
      emit('settings.onDidChange', view);
      return view;
    },
    'account.balance': (i) => balance.get(i.refresh ?? false),
    'tasks.list': () => jobs.list().map(toTaskView),
    'tasks.submit': async (i) => {
      try {
        return toTaskView(await jobs.submit(i));
      } finally {
        afterBilledCall();
      }
    },
    'tasks.cancel': (i) => toTaskView(jobs.cancel(i.id)),
    'tasks.retry': async (i) => {
      try {
        return toTaskView(await jobs.retry(i.id));
      } finally {
        afterBilledCall();
      }
    },
    'tasks.checkAgain': (i) => toTaskView(jobs.checkAgain(i.id)),
    'tasks.remove': (i) => ({ removed: jobs.remove(i.id) }),
    'tasks.links': (i) => ({ urls: jobs.links(i.id) }),
    'attachments.add': (i) => attachments.add(i.name, i.data),
    'attachments.remove': (i) => {
      attachments.remove(i.id);
      return {};
    },
    'images.generateNative': async (i) => {
      try {
        return await generateNativeImage(generators(), i);
      } finally {
        afterBilledCall();
      }
    },
    'speech.synthesize': async (i) => {
      try {
        return await synthesizeSpeech(generators(), i);
      } finally {
        afterBilledCall();
      }
    },
    'library.list': (q) => ({ ...library.list(q), models: library.models() }),
    'library.get': (i) => {
      const item = library.get(i.id);
      if (!item) throw coreError('not_found', 'That item is no longer in the library.');
      return item;
    },
    'library.remove': async (i) => {
      const removed = await library.remove(i.id);
      if (removed) emit('library.onDidChange', { reason: 'removed', id: i.id });
      return { removed };
    },
    'library.reveal': (i) => {
      const item = library.get(i.id);
      if (!item) throw coreError('not_found', 'That item is no longer in the library.');
      if (!ports.revealInFolder) throw coreError('invalid_request', 'Showing files in their folder works in the desktop app only.');
      ports.revealInFolder(library.resolve(item.file));
      return {};
    },
    ...chatHandlers(chat),
  };

  const dispatch = createDispatcher(handlers, (_method, error) => {
    if (error.code === 'payment_required') paymentRequired(error.message);
  }, log);

  let resumed = false;
  return {
    dispatch,
    resumeWork() {
      if (resumed) return;
      resumed = true;
      jobs.start();
    },
    // Only what the studio saved is served: items' files and thumbnails, and chat images by the
    // names the studio gives them (docs/architecture.md, "Library-known media").
    mediaFile: (raw) => resolveLibraryFile(library.root, raw, (rel) => library.knows(rel) || CHAT_IMAGE_FILE.test(rel)),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      // Replies in flight end first, so their terminal events still reach the listeners.
      await chat.close();
      listeners.clear();
      jobs.stop();
      if (!ports.watchdog) watchdog.stop();
      await library.close();
      await sandbox.close();
    },
  };
}
