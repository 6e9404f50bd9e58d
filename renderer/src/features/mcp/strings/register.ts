/**
 * The `mcp` strings in English, registered as the first module that shows them loads: both the
 * Settings tab's "MCP servers" and the Chat tab's choice of servers import this, and neither is
 * in the first screen's bundle (i18n/index.ts, `addEnglish`).
 */
import { mcp } from './en.js';
import { addEnglish } from '../../../i18n/index.js';

addEnglish('mcp', mcp);
