/**
 * Every namespace of the studio in English, assembled here because only the app may know every
 * feature (docs/architecture.md, "Strings"). Its shape types `t()` (types.d.ts) and is what every
 * other language must match; nothing that ships imports it at run time: each feature registers its
 * own English as its code loads (features/<tab>/strings/register.ts), so a tab's words come with
 * its chunk and not with the first screen.
 */
import { sharedEn } from '../../i18n/en/index.js';
import { chat } from '../../features/chat/strings/en.js';
import { gallery } from '../../features/gallery/strings/en.js';
import { image } from '../../features/image/strings/en.js';
import { mcp } from '../../features/mcp/strings/en.js';
import { settings } from '../../features/settings/strings/en.js';
import { speech } from '../../features/speech/strings/en.js';
import { spend } from '../../features/spend/strings/en.js';
import { tasks } from '../../features/tasks/strings/en.js';
import { video } from '../../features/video/strings/en.js';
import { storyboard } from '../../features/storyboard/strings/en.js';

/** The features' own namespaces, one per feature folder. */
export const featuresEn = { chat, image, video, speech, tasks, gallery, spend, settings, mcp, storyboard } as const;

export const en = { ...sharedEn, ...featuresEn } as const;
