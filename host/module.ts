/**
 * What a domain of the host is (docs/development.md, "Adding a domain"): one module per domain,
 * `{ name, open(ctx), close, handlers }`, listed once in modules.ts. The core opens the modules in
 * the list's order on one lifecycle (lifecycle.ts), closes them newest first, and builds the
 * contract's dispatch table from their handlers (assemble.ts).
 *
 * `Services` names what each module's `open` gives the others. It refers to the domains' own
 * classes, never to their module files, so no import cycle runs through here.
 */
import type { EventName, EventPayload } from '@shared/contract/index.js';
import type { SettingsView } from '@shared/contract/settings.js';
import type { Text } from '@shared/messages/index.js';
import type { Handlers } from './dispatch.js';
import type { EventBus } from './events.js';
import type { Lifecycle } from './lifecycle.js';
import type { CoreOptions } from './options.js';
import type { CorePorts, EmbeddedSandbox, WatchdogPort } from './ports.js';
import type { StartupProblems } from './startup-problems.js';
import type { BalanceService } from './account/balance-service.js';
import type { ChatService } from './chat/chat-service.js';
import type { StudioDatabase } from './db/database.js';
import type { CurrentLibrary } from './library/current-library.js';
import type { McpHost } from './mcp/mcp-host.js';
import type { AttachmentStore } from './media/attachments.js';
import type { GeneratorDeps } from './media/generators.js';
import type { LibraryMoveRun } from './settings/library-move-run.js';
import type { ProfileService } from './settings/profile-service.js';
import type { SettingsStore } from './settings/settings-store.js';
import type { WorkspaceStore } from './settings/workspace-store.js';
import type { JobService } from './tasks/job-service.js';
import type { LedgerService } from './ledger/ledger-service.js';
import type { LedgerTable } from './ledger/ledger-table.js';
import type { ItemCostReader } from './ledger/item-costs.js';
import type { PriceStore } from './ledger/price-store.js';
import type { BudgetsService } from './ledger/budgets-service.js';
import type { BatchService } from './batches/batch-service.js';
import type { PromptsService } from './prompts/prompts-service.js';
import type { StoryboardService } from './storyboard/storyboard-service.js';
import type { FilmMaker } from './storyboard/film-maker.js';

export type Emit = <E extends EventName>(event: E, payload: EventPayload<E>) => void;

/** What each domain's `open` returns, by the module's name. */
export interface Services {
  app: { watchdog: WatchdogPort; sandbox: EmbeddedSandbox; problems: StartupProblems; workspace: WorkspaceStore; startedAt: number };
  settings: {
    store: SettingsStore;
    view(): SettingsView;
    profiles: ProfileService;
    /** Called on every change of the profiles (a key, an address, the active one). */
    onProfilesChange(listener: () => void): void;
  };
  db: StudioDatabase;
  account: {
    balance: BalanceService;
    /** The renderer's 402 banner for the active profile, and a fresh balance beside it. */
    paymentRequired(message: Text): void;
  };
  library: { current: CurrentLibrary; move: LibraryMoveRun };
  media: { attachments: AttachmentStore; generators(): GeneratorDeps };
  tasks: JobService;
  mcp: McpHost;
  chat: ChatService;
  /** `ready`: the first balance read is taken (the windows are measured from it). */
  ledger: {
    service: LedgerService;
    table: LedgerTable;
    ready: Promise<void>;
    /** Rows were written or their money changed (budgets measure again); the function returned stops it. */
    onChange(listener: () => void): () => void;
  };
  /** Cost where the work is, and the creator's price table (docs/ledger.md). */
  'ledger-quote': { prices: PriceStore; costs: ItemCostReader };
  budgets: BudgetsService;
  /** Batch runs (docs/batches.md). */
  batches: BatchService;
  /** The prompt library (docs/prompts.md). */
  prompts: PromptsService;
  /** Storyboards (docs/storyboards.md). */
  storyboard: StoryboardService;
  /** A storyboard's film (docs/storyboard-film.md). */
  'storyboard-film': FilmMaker;
}
export type ServiceName = keyof Services;

/** What every module is given. */
export interface HostContext {
  ports: CorePorts;
  options: CoreOptions;
  log: (line: string) => void;
  now: () => number;
  /** The contract's events, to the renderer. */
  emit: Emit;
  /** The host's own events (events.ts). */
  events: EventBus;
  /** For a module that starts several things: each is closed on its own, newest first. */
  life: Lifecycle;
  /**
   * What a module listed before this one opened. In `handlers` every module is open. Asking for
   * one not open yet (listed later, or not at all) is a mistake in the list: it throws.
   */
  use<K extends ServiceName>(name: K): Services[K];
}

export interface DomainModule<K extends ServiceName = ServiceName> {
  name: K;
  /** Starts the domain; what it returns is what the others `use`. */
  open(ctx: HostContext): Promise<Services[K]> | Services[K];
  /** Undoes `open`; runs newest first on close, and when a later module fails to open. */
  close?(service: Services[K]): Promise<void> | void;
  /** Starts the work the last run left, once the window is served (Core.resumeWork). */
  resume?(service: Services[K]): void;
  /** The contract calls this domain answers, built once every module is open. */
  handlers?(ctx: HostContext): Partial<Handlers>;
}

/** Types a module in place: `export const chatModule = defineModule({ name: 'chat', … })`. */
export const defineModule = <K extends ServiceName>(module: DomainModule<K>): DomainModule<K> => module;
