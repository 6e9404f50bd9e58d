import type { Messages } from '../en/index.js';

export const tasks: Messages['tasks'] = {};
