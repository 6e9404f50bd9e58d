/** 简体中文: the same keys as en/index.ts (the `Catalog` type checks it). */
import type { Catalog } from '../en/index.js';
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

export const zhCN: Catalog = { gateway, chat, jobs, app, rules, notice, mcp, plain, files, db, budgets, batches, prompts, documents, storyboard };
