/**
 * What a saved file says about itself (docs/library-files.md, "Metadata inside the files"): the
 * prompt and settings in the convention image tools read, so a file taken out of the studio
 * still says how it was made. This module only builds the words; png-text.ts, jpeg-exif.ts and
 * mp4-tags.ts put them into each format without re-encoding a pixel.
 */
import type { LineageRef } from '@shared/contract/lineage-ref.js';
import type { LibraryItemMeta } from './library-item.js';

export const SOFTWARE = 'Gateway Studio';

export interface FileMetadata {
  /** The prompt, cleaned of characters no text field may hold. */
  description: string;
  /** "prompt\nKey: value, Key: value": the `parameters` text image tools parse. */
  parameters: string;
  /** The full record as JSON, for readers that want every setting exactly. */
  json: string;
}

/**
 * Text fields of every format refuse NUL, and most readers choke on other control characters;
 * line breaks are kept (as LF), tabs become spaces, lone surrogates (which UTF-8 cannot encode)
 * become U+FFFD.
 */
export function cleanText(text: string): string {
  return text
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
    .replace(/\r\n?/g, '\n')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/g, ' ');
}

/** `aspect_ratio` → `Aspect ratio`: the capitalised words the convention's readers show. */
function label(key: string): string {
  const words = key.replace(/[_-]+/g, ' ').trim();
  return words ? words[0].toUpperCase() + words.slice(1) : key;
}

/** A value that holds the pair separators is quoted as JSON, as the convention's writers do. */
function value(v: unknown): string {
  const text = cleanText(typeof v === 'string' ? v : JSON.stringify(v) ?? String(v)).replace(/\n/g, ' ');
  return /[,:"]/.test(text) ? JSON.stringify(text) : text;
}

/** One source in a line of text (docs/library-files.md, "Lineage"): its kind, then what names it. */
function sourceWords(r: LineageRef): string {
  const names = [r.itemId, r.conversationId, r.messageId, r.batchId, r.index === undefined ? undefined : `#${r.index}`, r.boardId, r.shotId];
  return [r.kind, ...names.filter((n) => n !== undefined)].join(' ');
}

/** The words to write into a saved file for `meta`. */
export function fileMetadata(meta: LibraryItemMeta): FileMetadata {
  const prompt = cleanText(meta.prompt);
  const params = { ...meta.params };
  const negative = typeof params.negative_prompt === 'string' ? cleanText(params.negative_prompt) : undefined;
  delete params.negative_prompt;
  delete params.prompt;
  const pairs = [`Model: ${value(meta.model)}`];
  // The picture's real size, unless the request named one in its own words.
  if (meta.width && meta.height && !('size' in params)) pairs.push(`Size: ${meta.width}x${meta.height}`);
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') pairs.push(`${label(cleanText(k))}: ${value(v)}`);
  if (meta.madeFrom?.length) pairs.push(`Made from: ${value(meta.madeFrom.map(sourceWords).join('; '))}`);
  pairs.push(`Software: ${SOFTWARE}`);
  const lines = [prompt, ...(negative ? [`Negative prompt: ${negative}`] : []), pairs.join(', ')];
  const json = JSON.stringify({
    software: SOFTWARE,
    kind: meta.kind,
    prompt: meta.prompt,
    model: meta.model,
    params: meta.params,
    taskId: meta.taskId,
    createdAt: new Date(meta.createdAt).toISOString(),
    cost: meta.cost,
    madeFrom: meta.madeFrom,
  });
  return { description: prompt, parameters: lines.join('\n'), json };
}

/**
 * The first `maxBytes` of `text` in UTF-8, cut between code points, with an ellipsis when cut:
 * for formats whose fields have a size limit (a JPEG segment holds 64 KB).
 */
export function clipUtf8(text: string, maxBytes: number): string {
  if (Buffer.byteLength(text) <= maxBytes) return text;
  let out = '';
  let size = 0;
  for (const ch of text) {
    const len = Buffer.byteLength(ch);
    if (size + len > maxBytes - 3) break;
    out += ch;
    size += len;
  }
  return `${out}…`;
}
