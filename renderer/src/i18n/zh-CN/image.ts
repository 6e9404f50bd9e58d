import type { Messages } from '../en/index.js';

export const image: Messages['image'] = {};
