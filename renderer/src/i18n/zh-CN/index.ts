/**
 * 简体中文 of the shared namespaces: the same keys as en/index.ts, loaded only when the studio
 * shows Chinese (the features' own come from app/strings/zh-CN.ts, registered by the app).
 */
import type { Messages } from '../en/index.js';

import { batch } from './batch.js';
import { common } from './common.js';
import { contactSheet } from './contact-sheet.js';
import { cost } from './cost.js';
import { generator } from './generator.js';
import { handoff } from './handoff.js';
import { intake } from './intake.js';
import { lightbox } from './lightbox.js';
import { markdown } from './markdown.js';
import { prompts } from './prompts.js';
import { shell } from './shell.js';
import { zhCN as messages } from '@shared/messages/zh-CN/index.js';

export const sharedZhCN: Messages = { common, shell, markdown, generator, handoff, intake, lightbox, cost, contactSheet, batch, prompts, messages };
