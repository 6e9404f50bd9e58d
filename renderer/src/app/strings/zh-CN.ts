/**
 * 简体中文 of every feature's namespaces, fetched as one chunk only when the studio shows Chinese
 * (languages.ts registers it with i18n/; the shared namespaces i18n/ loads itself). Typed by
 * en.ts: a feature left out here, or a key missing in its catalog, fails the typecheck.
 */
import type { Translation } from '../../i18n/translation.js';
import type { featuresEn } from './en.js';
import { chat } from '../../features/chat/strings/zh-CN.js';
import { gallery } from '../../features/gallery/strings/zh-CN.js';
import { image } from '../../features/image/strings/zh-CN.js';
import { mcp } from '../../features/mcp/strings/zh-CN.js';
import { settings } from '../../features/settings/strings/zh-CN.js';
import { speech } from '../../features/speech/strings/zh-CN.js';
import { spend } from '../../features/spend/strings/zh-CN.js';
import { tasks } from '../../features/tasks/strings/zh-CN.js';
import { video } from '../../features/video/strings/zh-CN.js';
import { storyboard } from '../../features/storyboard/strings/zh-CN.js';

export const featuresZhCN: { [NS in keyof typeof featuresEn]: Translation<(typeof featuresEn)[NS]> } = { chat, image, video, speech, tasks, gallery, spend, settings, mcp, storyboard };
