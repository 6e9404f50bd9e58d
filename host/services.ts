/**
 * The core's services, built and opened in order on one lifecycle (lifecycle.ts): whatever has
 * started when a later step fails is closed again, and a normal close runs newest first (replies
 * in flight end before the library closes; the sandbox gateway stops after everything that calls
 * it). The contract's handlers (handlers/) are thin maps onto these services.
 */
import { join } from 'node:path';
import type { EventName, EventPayload } from '@shared/contract/index.js';
import { DEFAULT_MEDIA_LIMITS, type SettingsView } from '@shared/contract/settings.js';
import type { Text } from '@shared/messages/index.js';
import { BalanceService } from './account/balance-service.js';
import { LoopWatchdog } from './health/loop-watchdog.js';
import { GatewayClient } from './gateway/client.js';
import { ProfileService } from './settings/profile-service.js';
import { SettingsStore } from './settings/settings-store.js';
import type { CorePorts, EmbeddedSandbox } from './ports.js';
import { CurrentLibrary } from './library/current-library.js';
import type { Lifecycle } from './lifecycle.js';
import { SPEC_CADENCE } from './tasks/cadence.js';
import { JobService } from './tasks/job-service.js';
import { JobStore } from './tasks/job-store.js';
import { toTaskView } from './tasks/task-view.js';
import { AttachmentStore } from './media/attachments.js';
import type { GeneratorDeps } from './media/generators.js';
import { ChatImages } from './chat/chat-images.js';
import { ChatService } from './chat/chat-service.js';
import { chatDefaultsOf } from './chat/settings-merge.js';
import { McpHost } from './mcp/mcp-host.js';
import { StartupProblems } from './startup-problems.js';
import { WorkspaceStore } from './settings/workspace-store.js';
import { LibraryMoveRun } from './settings/library-move-run.js';

const MB = 1024 * 1024;

export type Emit = <E extends EventName>(event: E, payload: EventPayload<E>) => void;

export interface CoreServices {
  ports: CorePorts;
  log: (line: string) => void;
  emit: Emit;
  watchdog: LoopWatchdog;
  sandbox: EmbeddedSandbox;
  problems: StartupProblems;
  store: SettingsStore;
  settingsView(): SettingsView;
  profiles: ProfileService;
  balance: BalanceService;
  library: CurrentLibrary;
  /** A confirmed move of the library's files (settings/library-move-run.ts). */
  libraryMove: LibraryMoveRun;
  attachments: AttachmentStore;
  jobs: JobService;
  chat: ChatService;
  mcp: McpHost;
  workspace: WorkspaceStore;
  generators(): GeneratorDeps;
  /** After every billed call the widget shows the new balance. */
  afterBilledCall(): void;
  paymentRequired(message: Text): void;
}

export async function openServices(ports: CorePorts, life: Lifecycle, emit: Emit): Promise<CoreServices> {
  const log = ports.log ?? (() => undefined);
  const now = ports.now ?? Date.now;

  // First, so a stall anywhere in start-up is seen too; a shell's own watchdog is the shell's to stop.
  const watchdog = ports.watchdog ?? (await life.start('watchdog', () => new LoopWatchdog({ onStall: (ms) => log(`host: the event loop stalled for ${ms} ms`) }).start(), (w) => w.stop()));
  const sandbox = await life.start('sandbox gateway', () => ports.startSandbox(), (s) => s.close());
  // Every store reports a data file it could not read and kept aside; the renderer shows them.
  const problems = new StartupProblems(() => ports.secrets.unreadable?.() ?? [], (list) => emit('app.onDidChangeStartupProblems', list));
  const store = new SettingsStore(ports.settings, log, problems.reporter('settings'));
  const makeClient = (baseUrl: string, apiKey: string) => new GatewayClient({ baseUrl, apiKey, now });
  const profiles = new ProfileService(store, ports.secrets, sandbox.url, makeClient, (v) => {
    balance.invalidate();
    emit('profiles.onDidChange', v);
  });
  const balance = new BalanceService(profiles, (v) => emit('account.onDidChangeBalance', v), now);

  const settingsView = (): SettingsView => {
    const s = store.get();
    return { libraryDir: s.libraryDir ?? join(ports.dataDir, 'Library'), theme: s.theme, language: s.language, mediaLimits: { ...DEFAULT_MEDIA_LIMITS, ...s.mediaLimits }, chatSendKey: s.chatSendKey ?? 'enter', chatDefaults: chatDefaultsOf(s.chatDefaults) };
  };

  // The library follows the folder chosen in settings; jobs save into whichever is current.
  const library = new CurrentLibrary(settingsView().libraryDir, { indexFile: join(ports.dataDir, 'library-index.json'), log, onUnreadable: problems.reporter('library index') }, emit);
  await life.start('library', () => library.open(), () => library.close());
  const libraryMove = new LibraryMoveRun({
    dataDir: ports.dataDir,
    library,
    setFolder: (to) => store.update((d) => {
      d.libraryDir = to;
    }),
    afterSwitch: () => emit('settings.onDidChange', settingsView()),
    emit: (status) => emit('settings.onLibraryMove', status),
    log,
  });
  // A move a kill interrupted carries on now, before any job saves (saves wait for it).
  await life.start('library move', () => libraryMove.resume(), () => libraryMove.close());
  const attachments = new AttachmentStore(join(ports.dataDir, 'attachments'), now, log, problems.reporter('attachment index'));
  // An index rebuilt from the pictures on disk is whole before a draft's attachment is looked up.
  await life.start('attachments', () => attachments.open(), () => attachments.close());
  const generators = (): GeneratorDeps => ({
    client: profiles.connect().client, library: library.saver, attachments, scratchDir: join(ports.dataDir, 'downloads'), now,
    maxAudioBytes: settingsView().mediaLimits.audioMb * MB,
  });
  const jobs = new JobService({
    store: new JobStore(join(ports.dataDir, 'jobs.json'), log, problems.reporter('jobs'), { onArchiveUnreadable: problems.reporter('task archive') }),
    // `list` finds a file a killed run handed to the library without recording it (result-saver.ts).
    library: { add: library.saver.add, list: (q) => library.current.list(q) },
    resolveRefs: (spec) => (spec.route === 'image' && Array.isArray(spec.request.image_urls)
      ? { ...spec, request: { ...spec.request, image_urls: attachments.resolveRefs(spec.request.image_urls, 'image_urls') as string[] } }
      : spec),
    downloadsDir: join(ports.dataDir, 'downloads'),
    clientFor: (profileId) => profiles.connect(profileId).client,
    activeProfileId: () => profiles.activeId(),
    cadence: ports.cadence ?? SPEC_CADENCE,
    now,
    random: Math.random,
    maxBytes: (kind) => settingsView().mediaLimits[kind === 'image' ? 'imageMb' : 'videoMb'] * MB,
    downloadTimeouts: ports.downloadTimeouts,
    log,
    onChange: (job) => emit('tasks.onDidChange', toTaskView(job)),
    onRemove: (id) => emit('tasks.onDidRemove', { id }),
    onQueueStatus: (status) => emit('tasks.onQueueChange', status),
  });
  // Started by resumeWork(); stopping a service that never started is harmless.
  life.started('jobs', () => jobs.stop());
  const afterBilledCall = () => void balance.get(true).catch(() => undefined);
  const paymentRequired = (message: Text) => emit('account.onDidRequirePayment', { profileId: profiles.activeId(), message });
  const workspace = new WorkspaceStore(join(ports.dataDir, 'workspace.json'), log, problems.reporter('workspace'));
  life.started('workspace', () => workspace.close());
  // Before chat, closed after it: a reply's running calls end before their servers do.
  const mcp = new McpHost({
    file: join(ports.dataDir, 'mcp-servers.json'),
    secrets: ports.secrets,
    confirm: ports.confirmOutside,
    language: () => store.get().language,
    version: ports.version,
    emit: (list) => emit('mcp.onDidChange', list),
    log,
    onUnreadable: problems.reporter('mcp servers'),
    limits: ports.mcpLimits,
  });
  await life.start('mcp servers', () => mcp.open(), () => mcp.close());
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
    mcp,
    defaults: () => settingsView().chatDefaults,
  });
  // Replies in flight end first on close, so their terminal events still reach the listeners.
  await life.start('chat', () => chat.open(), () => chat.close());

  return { ports, log, emit, watchdog, sandbox, problems, store, settingsView, profiles, balance, library, libraryMove, attachments, jobs, chat, mcp, workspace, generators, afterBilledCall, paymentRequired };
}
