import type { Messages } from '../en/index.js';

export const speech: Messages['speech'] = {};
