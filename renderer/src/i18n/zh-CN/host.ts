import type { Messages } from '../en/index.js';
import { app } from './host/app.js';
import { chat } from './host/chat.js';
import { gateway } from './host/gateway.js';
import { jobs } from './host/jobs.js';
import { rules } from './host/rules.js';

export const host: Messages['host'] = { gateway, chat, jobs, app, rules };
