/**
 * The contract's domains, listed once (docs/development.md, "Adding a domain"): each domain's file
 * declares its calls and events, and the contract is this list merged. A name two domains declare
 * stops the merge at load, naming it: no call is quietly answered by the wrong domain.
 */
import { accountEvents, accountMethods } from './account.js';
import { appEvents, appMethods } from './app.js';
import { profileEvents, profileMethods } from './profiles.js';
import { settingsEvents, settingsMethods } from './settings.js';
import { taskEvents, taskMethods } from './tasks.js';
import { libraryEvents, libraryMethods } from './library.js';
import { mediaMethods } from './media.js';
import { chatEvents, chatMethods } from './chat.js';
import { chatVersionMethods } from './chat-versions.js';
import { chatCompareMethods } from './chat-compare.js';
import { chatDocumentMethods } from './chat-documents.js';
import { chatOrganiseMethods } from './chat-organise.js';
import { mcpEvents, mcpMethods } from './mcp.js';
import { dbMethods } from './db.js';
import { ledgerEvents, ledgerMethods } from './ledger.js';
import { ledgerQuoteEvents, ledgerQuoteMethods } from './ledger-quote.js';
import { budgetEvents, budgetMethods } from './budgets.js';
import { batchEvents, batchMethods } from './batches.js';
import { promptEvents, promptMethods } from './prompts.js';
import { lineageMethods } from './lineage.js';
import { storyboardEvents, storyboardMethods } from './storyboard.js';
import { storyboardFilmEvents, storyboardFilmMethods } from './storyboard-film.js';

export interface ContractDomain {
  name: string;
  methods: object;
  events: object;
}

export const CONTRACT_DOMAINS = [
  { name: 'app', methods: appMethods, events: appEvents },
  { name: 'profiles', methods: profileMethods, events: profileEvents },
  { name: 'settings', methods: settingsMethods, events: settingsEvents },
  { name: 'account', methods: accountMethods, events: accountEvents },
  { name: 'tasks', methods: taskMethods, events: taskEvents },
  { name: 'library', methods: libraryMethods, events: libraryEvents },
  { name: 'media', methods: mediaMethods, events: {} },
  { name: 'chat', methods: chatMethods, events: chatEvents },
  { name: 'chat-versions', methods: chatVersionMethods, events: {} },
  { name: 'chat-compare', methods: chatCompareMethods, events: {} },
  { name: 'chat-documents', methods: chatDocumentMethods, events: {} },
  { name: 'chat-organise', methods: chatOrganiseMethods, events: {} },
  { name: 'mcp', methods: mcpMethods, events: mcpEvents },
  { name: 'db', methods: dbMethods, events: {} },
  { name: 'ledger', methods: ledgerMethods, events: ledgerEvents },
  { name: 'ledger-quote', methods: ledgerQuoteMethods, events: ledgerQuoteEvents },
  { name: 'budgets', methods: budgetMethods, events: budgetEvents },
  { name: 'batches', methods: batchMethods, events: batchEvents },
  { name: 'prompts', methods: promptMethods, events: promptEvents },
  { name: 'lineage', methods: lineageMethods, events: {} },
  { name: 'storyboard', methods: storyboardMethods, events: storyboardEvents },
  { name: 'storyboard-film', methods: storyboardFilmMethods, events: storyboardFilmEvents },
] as const satisfies readonly ContractDomain[];

type Intersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
/** Every domain's calls (or events) as one map, typed as the intersection of the domains' maps. */
export type Merged<D extends readonly ContractDomain[], K extends 'methods' | 'events'> = Intersection<D[number][K]>;

/** The domains' maps as one; throws on a name declared twice. */
export function mergeDomains<D extends readonly ContractDomain[], K extends 'methods' | 'events'>(domains: D, part: K): Merged<D, K> {
  const merged: Record<string, unknown> = {};
  const owner = new Map<string, string>();
  for (const d of domains) {
    for (const [name, value] of Object.entries(d[part])) {
      const first = owner.get(name);
      if (first) throw new Error(`contract: "${name}" is declared by two domains, ${first} and ${d.name}`);
      owner.set(name, d.name);
      merged[name] = value;
    }
  }
  return merged as Merged<D, K>;
}
