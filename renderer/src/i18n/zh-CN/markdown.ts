import type { Messages } from '../en/index.js';

export const markdown: Messages['markdown'] = {};
