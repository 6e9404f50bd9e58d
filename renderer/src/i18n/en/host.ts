/**
 * The host's messages (namespace `host`), split by area: each entry is an English message the
 * host writes, as a template (`{{name}}` for each part that varies). They are not looked up by key:
 * host-text.ts matches a message against them to show it in the studio's language, and
 * scripts/host-messages.test.ts checks that every message the host can write has its entry here.
 */
import { app } from './host/app.js';
import { chat } from './host/chat.js';
import { gateway } from './host/gateway.js';
import { jobs } from './host/jobs.js';
import { rules } from './host/rules.js';

export const host = { gateway, chat, jobs, app, rules } as const;
