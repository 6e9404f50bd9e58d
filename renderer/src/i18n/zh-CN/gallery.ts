import type { Messages } from '../en/index.js';

export const gallery: Messages['gallery'] = {};
