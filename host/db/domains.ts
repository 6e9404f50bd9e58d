/**
 * Every domain that keeps tables in the studio database, with its numbered migrations
 * (docs/development.md, "Adding a migration"). A domain appends itself here once; its own
 * migrations live beside its code.
 */
import { libraryMigrations } from '../library/library-table.js';
import { tasksMigrations } from '../tasks/tasks-table.js';
import { ledgerMigrations } from '../ledger/ledger-table.js';
import { ledgerPriceMigrations } from '../ledger/price-store.js';
import { ledgerCostMigrations } from '../ledger/item-costs.js';
import { budgetsMigrations } from '../ledger/budgets-table.js';
import { batchesMigrations } from '../batches/batches-table.js';
import { promptsMigrations } from '../prompts/prompts-table.js';
import { chatMigrations } from '../chat/search-index.js';
import { chatOrganiseMigrations } from '../chat/conversation-folders.js';
import { storyboardMigrations } from '../storyboard/storyboard-table.js';
import { storyboardFilmMigrations } from '../storyboard/film-table.js';
import type { DomainMigrations } from './migrations.js';

export const DATABASE_DOMAINS: readonly DomainMigrations[] = [libraryMigrations, tasksMigrations, ledgerMigrations, ledgerPriceMigrations, ledgerCostMigrations, budgetsMigrations, batchesMigrations, promptsMigrations, chatMigrations, chatOrganiseMigrations, storyboardMigrations, storyboardFilmMigrations];
