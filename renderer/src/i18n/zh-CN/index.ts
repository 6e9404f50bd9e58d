/** 简体中文: the same keys as en/index.ts, loaded only when the studio shows Chinese. */
import type { Messages } from '../en/index.js';

import { chat } from './chat.js';
import { common } from './common.js';
import { gallery } from './gallery.js';
import { generator } from './generator.js';
import { handoff } from './handoff.js';
import { intake } from './intake.js';
import { image } from './image.js';
import { lightbox } from './lightbox.js';
import { markdown } from './markdown.js';
import { mcp } from './mcp.js';
import { settings } from './settings.js';
import { shell } from './shell.js';
import { speech } from './speech.js';
import { tasks } from './tasks.js';
import { video } from './video.js';
import { zhCN as messages } from '@shared/messages/zh-CN/index.js';

export const zhCN: Messages = { common, shell, chat, markdown, generator, image, video, speech, tasks, gallery, settings, mcp, handoff, intake, lightbox, messages };
