/**
 * The demo MCP server that ships with the project: a creator's notes folder behind six tools,
 * built on the official SDK's `McpServer` (no protocol code of ours). The studio's tests use it
 * as a real server to connect to, over stdio (stdio.ts) and Streamable HTTP (http.ts); the
 * offline demo uses it so MCP works without any account. `wait`, `count_words` and `repeat`
 * exist for the host's tests of cancellation, progress and its result-size cap.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { CallToolResult, ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';

export interface DemoServerOptions {
  /** Folder of `*.md` notes; defaults to the fixtures beside this file, whatever the cwd. */
  notesDir?: string;
  /** One line per event worth seeing (a call, a cancelled wait). Never stdout under stdio. */
  log?: (line: string) => void;
  /** Pause between count_words progress steps, in ms (default 20); see count_words for why. */
  progressPaceMs?: number;
}

/** `repeat` answers at most this many characters: enough to exceed any sane host cap, small enough to build. */
export const MAX_REPEAT_CHARS = 50_000_000;

export const DEFAULT_NOTES_DIR = fileURLToPath(new URL('./notes/', import.meta.url));

type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

const text = (body: string): CallToolResult => ({ content: [{ type: 'text', text: body }] });
const failure = (body: string): CallToolResult => ({ content: [{ type: 'text', text: body }], isError: true });

/** Waits `ms`; false when the request was cancelled first (or during). */
async function paused(ms: number, signal: AbortSignal): Promise<boolean> {
  try {
    await sleep(ms, undefined, { signal });
    return true;
  } catch (err) {
    if (signal.aborted) return false;
    throw err;
  }
}

/** A note name as a caller may write it: `lighting` or `lighting.md`. */
// The examples are what the offline sandbox puts in the calls it makes up (sandbox/text/schema-sample.ts).
const noteName = z.string().min(1).max(200).meta({ examples: ['lighting'] }).describe('Note name, as list_notes shows it (e.g. "lighting")');

export function createDemoServer(options: DemoServerOptions = {}): McpServer {
  const notesDir = options.notesDir ?? DEFAULT_NOTES_DIR;
  const log = options.log ?? (() => {});
  const pace = options.progressPaceMs ?? 20;
  const server = new McpServer({ name: 'gateway-studio-demo', version: '1.0.0' });

  // Names come from the folder listing, and a note is only ever opened by a name found there, so
  // no argument is joined into a path unchecked. Symlinks are not plain files and are left out,
  // so a link planted in the folder cannot point the server outside it either.
  async function noteNames(): Promise<string[]> {
    const entries = await readdir(notesDir, { withFileTypes: true });
    return entries
      .filter((e) => e.isFile() && e.name.endsWith('.md'))
      .map((e) => e.name.slice(0, -'.md'.length))
      .sort();
  }

  /** The note's text, or the error result to answer with. */
  async function openNote(raw: string): Promise<{ name: string; body: string } | { error: CallToolResult }> {
    const names = await noteNames();
    const known = `Notes: ${names.join(', ') || '(none)'}`;
    if (/[/\\]/.test(raw) || raw.includes('..') || raw.includes('\0')) {
      return { error: failure(`Refused "${raw}": a note name has no path separators or "..". ${known}`) };
    }
    const name = raw.endsWith('.md') ? raw.slice(0, -'.md'.length) : raw;
    if (!names.includes(name)) return { error: failure(`No note named "${name}". ${known}`) };
    return { name, body: await readFile(join(notesDir, `${name}.md`), 'utf8') };
  }

  server.registerTool('list_notes', {
    description: "Lists the creator's notes by name, one per line.",
    inputSchema: {},
  }, async () => {
    log('list_notes');
    const names = await noteNames();
    return text(names.length ? names.join('\n') : 'No notes.');
  });

  server.registerTool('read_note', {
    description: 'Returns the full Markdown text of one note.',
    inputSchema: { name: noteName },
  }, async ({ name }) => {
    log('read_note');
    const note = await openNote(name);
    return 'error' in note ? note.error : text(note.body);
  });

  server.registerTool('search_notes', {
    description: 'Finds the lines of every note that contain the query (case-insensitive), as "note:line: text".',
    inputSchema: { query: z.string().min(1).describe('Text to look for; matched literally, not as a pattern') },
  }, async ({ query }) => {
    log('search_notes');
    const needle = query.toLowerCase();
    const hits: string[] = [];
    for (const name of await noteNames()) {
      const lines = (await readFile(join(notesDir, `${name}.md`), 'utf8')).split(/\r?\n/);
      lines.forEach((line, i) => {
        if (line.toLowerCase().includes(needle)) hits.push(`${name}:${i + 1}: ${line}`);
      });
    }
    return text(hits.length ? hits.join('\n') : 'No match');
  });

  server.registerTool('count_words', {
    description: 'Counts the words of one note, reporting progress line by line when asked to.',
    inputSchema: { name: noteName },
  }, async ({ name }, extra: Extra) => {
    log('count_words');
    const note = await openNote(name);
    if ('error' in note) return note.error;
    const lines = note.body.split(/\r?\n/);
    const progressToken = extra._meta?.progressToken;
    let words = 0;
    for (const [i, line] of lines.entries()) {
      words += line.split(/\s+/).filter(Boolean).length;
      // Progress only goes to a caller that asked for it with a token (MCP "Progress").
      if (progressToken === undefined) continue;
      await extra.sendNotification({
        method: 'notifications/progress',
        params: { progressToken, progress: i + 1, total: lines.length, message: `Line ${i + 1} of ${lines.length}` },
      });
      // Paced like real work, and once more after the last step: the SDK client handles a
      // notification a microtask after reading it but a response at once, and drops the
      // request's progress handler with the response, so steps read in the same chunk as the
      // response are lost (see modelcontextprotocol/typescript-sdk#2580). Unpaced, over stdio,
      // every step arrives in that one chunk.
      if (pace > 0 && !(await paused(pace, extra.signal))) return failure('cancelled');
    }
    return text(`${words} words`);
  });

  server.registerTool('wait', {
    description: 'Waits the given number of seconds, then answers; stops early when the call is cancelled.',
    inputSchema: { seconds: z.number().min(0).max(600).meta({ examples: [30] }).describe('How long to wait, 0 to 600 seconds') },
  }, async ({ seconds }, extra: Extra) => {
    log(`wait ${seconds} s`);
    // The abortable timer drops as soon as the host cancels (or the connection closes), so a
    // cancelled 600 s wait holds neither the process nor the HTTP request open.
    if (!(await paused(seconds * 1000, extra.signal))) {
      log('wait cancelled');
      // The SDK sends nothing for a cancelled request; this result only ends the handler.
      return failure('cancelled');
    }
    return text(`waited ${seconds} s`);
  });

  server.registerTool('repeat', {
    description: `Returns the text repeated the given number of times (at most ${MAX_REPEAT_CHARS.toLocaleString('en-US')} characters in all).`,
    inputSchema: {
      text: z.string().describe('Text to repeat'),
      times: z.number().int().min(1).max(10_000_000).describe('How many times, 1 to 10,000,000'),
    },
  }, ({ text: unit, times }) => {
    log('repeat');
    const size = unit.length * times;
    if (size > MAX_REPEAT_CHARS) {
      return failure(`That would be ${size} characters; the limit is ${MAX_REPEAT_CHARS}.`);
    }
    // String.prototype.repeat builds by doubling, so even 50 MB is a few allocations, not millions.
    return text(unit.repeat(times));
  });

  return server;
}
