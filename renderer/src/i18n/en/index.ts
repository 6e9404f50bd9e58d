/**
 * The English strings of the namespaces every layer shares: the shell, the shared components
 * and the host's messages. Each feature's own namespaces live in its folder
 * (features/<tab>/strings/), and app/strings/ assembles them all (docs/architecture.md,
 * "Strings"). English is the source of truth: its shape types `t()` (app/strings/types.d.ts) and
 * every other language must match it key for key, which tsc and i18n.test.ts check.
 */
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
/** The host's messages: one catalog with the main process (shared/messages). */
import { en as messages } from '@shared/messages/en/index.js';
import type { Translation } from '../translation.js';

export const sharedEn = { common, shell, markdown, generator, handoff, intake, lightbox, cost, contactSheet, batch, prompts, messages } as const;

/** The shared namespaces in another language: the English shape, any text. */
export type Messages = { [NS in keyof typeof sharedEn]: Translation<(typeof sharedEn)[NS]> };
