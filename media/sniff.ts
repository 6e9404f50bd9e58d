/**
 * Types a media file by its content. The library never trusts a link's extension or a
 * Content-Type header: the file's extension is rewritten to match what is really inside, and the
 * sandbox judges uploads the same way. One sniffer serves the host and the sandbox
 * (docs/house-rules.md, "The folder names the runtime").
 *
 * The type comes from `file-type`, a maintained detector that knows far more signatures (and their
 * look-alikes: AVIF and HEIC in an `ftyp` box, Matroska beside WebM, Ogg Theora beside Ogg audio)
 * than a hand-written table; it only looks at bytes, and is async because it reads through a
 * tokenizer. Its answer is narrowed to the kinds the studio takes (`ACCEPTED`), with the studio's
 * own MIME type and extension for each, so what the library writes does not follow the package's
 * naming from one version to the next. Anything else is undefined: not a file the studio keeps.
 *
 * What callers need beyond the type, the picture's size and whether it may be transparent, comes
 * from image-header.ts: `file-type` does not read it, and a decoder library (`image-size`, sharp)
 * would either throw on the truncated heads the library sniffs or load native code into every
 * caller, for four fixed header layouts.
 */
import { fileTypeFromBuffer } from 'file-type';
import { imageHeader, type ImageFormat } from './image-header.js';

export type MediaKind = 'image' | 'video' | 'audio';

export interface Sniffed {
  kind: MediaKind;
  mime: string;
  /** Canonical extension, with the dot. */
  ext: string;
  width?: number;
  height?: number;
  /** The picture may have transparent pixels (its thumbnail is then a PNG). */
  alpha?: boolean;
}

/** How much of the file `sniff` wants: JPEG dimensions can sit behind large EXIF segments. */
export const SNIFF_BYTES = 64 * 1024;

type Accepted = Pick<Sniffed, 'kind' | 'mime' | 'ext'> & { image?: ImageFormat };

const image = (format: ImageFormat, ext: string): Accepted => ({ kind: 'image', mime: `image/${format}`, ext, image: format });
const MP4: Accepted = { kind: 'video', mime: 'video/mp4', ext: '.mp4' };
const M4A: Accepted = { kind: 'audio', mime: 'audio/mp4', ext: '.m4a' };
const MP3: Accepted = { kind: 'audio', mime: 'audio/mpeg', ext: '.mp3' };
const OGG: Accepted = { kind: 'audio', mime: 'audio/ogg', ext: '.ogg' };

/**
 * `file-type`'s extension → what the studio keeps. An animated PNG is still a PNG to a browser;
 * the MPEG-4 brands all play as MP4, MPEG audio layers I–III as MP3, Ogg FLAC and Speex as Ogg.
 */
const ACCEPTED: Record<string, Accepted> = {
  png: image('png', '.png'),
  apng: image('png', '.png'),
  jpg: image('jpeg', '.jpg'),
  webp: image('webp', '.webp'),
  gif: image('gif', '.gif'),
  mp4: MP4,
  m4v: MP4,
  f4v: MP4,
  f4p: MP4,
  '3gp': MP4,
  '3g2': MP4,
  mov: { kind: 'video', mime: 'video/quicktime', ext: '.mov' },
  webm: { kind: 'video', mime: 'video/webm', ext: '.webm' },
  m4a: M4A,
  m4b: M4A,
  f4a: M4A,
  f4b: M4A,
  mp3: MP3,
  mp2: MP3,
  mp1: MP3,
  aac: { kind: 'audio', mime: 'audio/aac', ext: '.aac' },
  // Players care about Opus in Ogg: it announces itself in the first packet.
  opus: { kind: 'audio', mime: 'audio/ogg', ext: '.opus' },
  ogg: OGG,
  oga: OGG,
  spx: OGG,
  flac: { kind: 'audio', mime: 'audio/flac', ext: '.flac' },
  wav: { kind: 'audio', mime: 'audio/wav', ext: '.wav' },
};

/** Identifies the file from its first bytes (pass at least `SNIFF_BYTES` when available). */
export async function sniff(bytes: Uint8Array): Promise<Sniffed | undefined> {
  let found: { ext: string } | undefined;
  try {
    found = await fileTypeFromBuffer(bytes);
  } catch {
    // A detector that trips over hostile bytes has not identified them.
    return undefined;
  }
  const accepted = found && Object.hasOwn(ACCEPTED, found.ext) ? ACCEPTED[found.ext] : undefined;
  if (!accepted) return undefined;
  const { image: format, ...type } = accepted;
  return format ? { ...type, ...imageHeader(format, bytes) } : { ...type };
}

export interface SniffedImage {
  format: ImageFormat | 'unknown';
  /** Absent when the header is truncated or corrupt. */
  width?: number;
  height?: number;
}

/** The same sniff, for callers that take pictures only (the sandbox's uploads and references). */
export async function sniffImage(bytes: Uint8Array): Promise<SniffedImage> {
  const type = await sniff(bytes);
  if (type?.kind !== 'image') return { format: 'unknown' };
  const format = type.mime.slice('image/'.length) as ImageFormat;
  return { format, ...(type.width && type.height ? { width: type.width, height: type.height } : {}) };
}
