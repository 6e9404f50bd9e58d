/**
 * The English strings, one namespace per part of the studio. This object is the source of truth:
 * its shape types `t()` (i18n/types.d.ts) and every other language (zh-CN/index.ts must match it
 * key for key, which tsc and i18n.test.ts check).
 */
import { chat } from '../../features/chat/strings/en.js';
import { common } from './common.js';
import { gallery } from '../../features/gallery/strings/en.js';
import { generator } from './generator.js';
import { handoff } from './handoff.js';
import { intake } from './intake.js';
import { image } from '../../features/image/strings/en.js';
import { lightbox } from './lightbox.js';
import { markdown } from './markdown.js';
import { mcp } from '../../features/mcp/strings/en.js';
import { settings } from '../../features/settings/strings/en.js';
import { shell } from './shell.js';
import { speech } from '../../features/speech/strings/en.js';
import { tasks } from '../../features/tasks/strings/en.js';
import { video } from '../../features/video/strings/en.js';
/** The host's messages: one catalog with the main process (shared/messages). */
import { en as messages } from '@shared/messages/en/index.js';

export const en = { common, shell, chat, markdown, generator, image, video, speech, tasks, gallery, settings, mcp, handoff, intake, lightbox, messages } as const;

/** A language's strings: the English shape, any text. */
export type Messages = { [NS in keyof typeof en]: Strings<(typeof en)[NS]> };
type Strings<T> = { [K in keyof T]: T[K] extends string ? string : Strings<T[K]> };
