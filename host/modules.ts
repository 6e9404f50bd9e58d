/**
 * The host's domains, each listed once, in the order they open (docs/development.md, "Adding a
 * domain"): a module may `use` only those above it; on close they end from the bottom up, so
 * replies in flight end before the library closes and the sandbox gateway stops last.
 */
import type { DomainModule } from './module.js';
import { appModule } from './app/module.js';
import { settingsModule } from './settings/module.js';
import { accountModule } from './account/module.js';
import { dbModule } from './db/module.js';
import { libraryModule } from './library/module.js';
import { mediaModule } from './media/module.js';
import { tasksModule } from './tasks/module.js';
import { mcpModule } from './mcp/module.js';
import { chatModule } from './chat/module.js';
import { ledgerModule } from './ledger/module.js';
import { ledgerQuoteModule } from './ledger/quote-module.js';
import { budgetsModule } from './ledger/budgets-module.js';
import { batchesModule } from './batches/module.js';
import { promptsModule } from './prompts/module.js';
import { storyboardModule } from './storyboard/module.js';
import { storyboardFilmModule } from './storyboard/film-module.js';

export const MODULES: readonly DomainModule[] = [
  appModule,
  settingsModule,
  accountModule,
  dbModule,
  libraryModule,
  mediaModule,
  tasksModule,
  mcpModule,
  chatModule,
  ledgerModule,
  ledgerQuoteModule,
  budgetsModule,
  batchesModule,
  promptsModule,
  storyboardModule,
  storyboardFilmModule,
] as DomainModule[];
