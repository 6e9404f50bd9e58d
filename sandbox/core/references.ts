/**
 * Reference images arrive as public URLs or data URIs. Data URIs (and links the sandbox issued
 * itself) are decoded and checked by content, never by the name in the URI (spec 2.15).
 */
import { readFileSync } from 'node:fs';
import { parseImageDataUri } from '@shared/gateway/index.js';
import { REFERENCE_IMAGES } from '../spec/tables.js';
import { sniffImage } from '@media/sniff.js';
import { GatewayError } from './http.js';
import type { SandboxState } from './context.js';

export interface ReferenceImage {
  bytes?: Buffer;
  format: string;
  width?: number;
  height?: number;
  /** For replies: "PNG 64×64 (data URI)" or "image at example.com". */
  label: string;
}

const MB = 1024 * 1024;

export async function loadReference(s: SandboxState, param: string, uri: string, allowed?: readonly string[]): Promise<ReferenceImage> {
  let bytes: Buffer | undefined;
  let origin = 'data URI';
  const data = parseImageDataUri(uri);
  if (data) bytes = Buffer.from(data.base64, 'base64');
  else {
    const own = s.files.resolveOwnUrl(s.baseUrl, uri);
    if (!own) return { format: 'unknown', label: `image at ${new URL(uri).host}` };
    bytes = readFileSync(s.files.pathOf(own));
    origin = 'sandbox link';
  }
  if (bytes.length > REFERENCE_IMAGES.maxBytes) {
    throw new GatewayError(400, `'${param}' is ${(bytes.length / MB).toFixed(1)} MB; each image may be at most 10 MB`, param);
  }
  const sniffed = await sniffImage(bytes);
  if (sniffed.format === 'unknown') throw new GatewayError(400, `'${param}' is not a readable image (its bytes are not PNG, JPEG, GIF or WebP)`, param);
  if (allowed && !allowed.includes(sniffed.format)) {
    throw new GatewayError(400, `'${param}' is a ${sniffed.format.toUpperCase()} image; allowed formats: ${allowed.join(', ')}`, param);
  }
  const size = sniffed.width && sniffed.height ? ` ${sniffed.width}×${sniffed.height}` : '';
  return { bytes, format: sniffed.format, width: sniffed.width, height: sniffed.height, label: `${sniffed.format.toUpperCase()}${size} (${origin})` };
}
