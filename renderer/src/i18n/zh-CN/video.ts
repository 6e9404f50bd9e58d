import type { Messages } from '../en/index.js';

export const video: Messages['video'] = {};
