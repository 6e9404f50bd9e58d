import type { Messages } from '../en/index.js';

export const generator: Messages['generator'] = {};
