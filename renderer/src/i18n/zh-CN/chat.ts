import type { Messages } from '../en/index.js';

export const chat: Messages['chat'] = {};
