/** 简体中文: the same keys as en/index.ts, loaded only when the studio shows Chinese. */
import type { Messages } from '../en/index.js';

import { chat } from '../../features/chat/strings/zh-CN.js';
import { common } from './common.js';
import { gallery } from '../../features/gallery/strings/zh-CN.js';
import { generator } from './generator.js';
import { handoff } from './handoff.js';
import { intake } from './intake.js';
import { image } from '../../features/image/strings/zh-CN.js';
import { lightbox } from './lightbox.js';
import { markdown } from './markdown.js';
import { mcp } from '../../features/mcp/strings/zh-CN.js';
import { settings } from '../../features/settings/strings/zh-CN.js';
import { shell } from './shell.js';
import { speech } from '../../features/speech/strings/zh-CN.js';
import { tasks } from '../../features/tasks/strings/zh-CN.js';
import { video } from '../../features/video/strings/zh-CN.js';
import { zhCN as messages } from '@shared/messages/zh-CN/index.js';

export const zhCN: Messages = { common, shell, chat, markdown, generator, image, video, speech, tasks, gallery, settings, mcp, handoff, intake, lightbox, messages };
