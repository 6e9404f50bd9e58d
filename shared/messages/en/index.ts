/**
 * The English messages of the host: the source of truth. A message's code is its dotted path
 * here (`gateway.failure.rejectedKey`); the type of this object makes an unknown code fail the
 * typecheck, and zh-CN/index.ts must have the same keys (shared/messages/index.ts).
 */
import { app } from './app.js';
import { batches } from './batches.js';
import { budgets } from './budgets.js';
import { chat } from './chat.js';
import { db } from './db.js';
import { documents } from './documents.js';
import { files } from './files.js';
import { gateway } from './gateway.js';
import { jobs } from './jobs.js';
import { mcp } from './mcp.js';
import { notice } from './notice.js';
import { plain } from './plain.js';
import { prompts } from './prompts.js';
import { rules } from './rules.js';
import { storyboard } from './storyboard.js';

export const en = { gateway, chat, jobs, app, rules, notice, mcp, plain, files, db, budgets, batches, prompts, documents, storyboard } as const;

/** A language's messages: the English shape, any text (a missing or extra key fails the typecheck). */
export type Catalog = Strings<typeof en>;
type Strings<T> = { readonly [K in keyof T]: T[K] extends string ? string : Strings<T[K]> };
