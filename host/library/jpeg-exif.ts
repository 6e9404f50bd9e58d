/**
 * EXIF in a JPEG, written without decoding a pixel (a new APP1 segment, the compressed image left
 * as it is): the prompt as ImageDescription, `Software`, and the
 * `parameters` text (file-metadata.ts) as UserComment in its UNICODE form, the field and encoding
 * image tools read the convention from. One APP1 segment holds 64 KB, so long texts are cut to
 * fit; the whole record stays in the sidecar and in an export's manifest.
 */
import piexif from 'piexifjs';
import { clipUtf8, SOFTWARE, type FileMetadata } from './file-metadata.js';

/** Room for the description (UTF-8) and the comment (UTF-16): together well under 64 KB. */
const DESCRIPTION_BYTES = 8 * 1024;
const COMMENT_BYTES = 48 * 1024;

/** piexifjs speaks "binary strings": one character per byte. */
const binary = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('latin1');

/** The EXIF UNICODE comment: its 8-byte code, then UTF-16 in the segment's byte order (piexifjs writes big-endian). */
function unicodeComment(text: string): string {
  // Cut on the UTF-8 form first: every code point then takes at most 4 UTF-16 bytes too.
  const clipped = clipUtf8(text, COMMENT_BYTES / 2);
  const utf16 = Buffer.from(clipped, 'utf16le');
  utf16.swap16();
  return `UNICODE\0${binary(utf16)}`;
}

const EXIF_HEADER = Buffer.from('Exif\0\0', 'latin1');

/**
 * The segments before the image data (SOI, then each marker with its length, up to SOS), by their
 * headers: each length checked against the bytes really there. Everything from SOS on is one piece.
 */
function segmentsOf(jpeg: Buffer): Buffer[] {
  if (jpeg.length < 4 || jpeg[0] !== 0xff || jpeg[1] !== 0xd8) throw new Error('not a JPEG');
  const pieces = [jpeg.subarray(0, 2)];
  let at = 2;
  for (;;) {
    if (jpeg.length - at < 4 || jpeg[at] !== 0xff) throw new Error('a JPEG segment cut short');
    if (jpeg[at + 1] === 0xda) {
      pieces.push(jpeg.subarray(at));
      return pieces;
    }
    const end = at + 2 + jpeg.readUInt16BE(at + 2);
    if (end > jpeg.length) throw new Error('a JPEG segment longer than the file');
    pieces.push(jpeg.subarray(at, end));
    at = end;
  }
}

const isExif = (segment: Buffer) => segment[1] === 0xe1 && segment.subarray(4, 10).equals(EXIF_HEADER);

/**
 * `jpeg` with the metadata in its EXIF, as the pieces of the new file in order (slices of `jpeg`
 * and the new segment); throws when it is not a JPEG. Only the EXIF segment
 * (at most 64 KB) is read and written by piexifjs, whose "binary strings" of a whole file held the
 * host's loop for a large picture (docs/robust-host.md, "Metadata written without holding the
 * loop"); the picture around it is put back from slices of the file, as piexifjs would: ours
 * replaces the first EXIF segment, drops any other, or goes right after the start marker.
 */
export function jpegExifPieces(bytes: Uint8Array, meta: FileMetadata): Buffer[] {
  const jpeg = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const segments = segmentsOf(jpeg);
  const found = segments.findIndex(isExif);
  let exif: piexif.ExifDict;
  try {
    if (found < 0) throw new Error('no EXIF');
    exif = piexif.load(binary(segments[found].subarray(4)));
  } catch {
    // No EXIF, or one piexifjs cannot parse: ours replaces it (the image itself is untouched).
    exif = {};
  }
  exif['0th'] = {
    ...exif['0th'],
    // ASCII by the standard, UTF-8 in practice: what exifr, exiftool and browsers decode.
    [piexif.ImageIFD.ImageDescription]: binary(Buffer.from(clipUtf8(meta.description, DESCRIPTION_BYTES), 'utf8')),
    [piexif.ImageIFD.Software]: SOFTWARE,
  };
  exif.Exif = { ...exif.Exif, [piexif.ExifIFD.UserComment]: unicodeComment(meta.parameters) };
  // The thumbnail IFD is dropped: piexifjs cannot always write back one it read.
  delete exif['1st'];
  delete exif.thumbnail;
  const body = Buffer.from(piexif.dump(exif), 'latin1');
  if (body.length + 2 > 0xffff) throw new Error('the EXIF does not fit one segment');
  const head = Buffer.from([0xff, 0xe1, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  const ours = Buffer.concat([head, body]);
  const kept = segments.filter((segment, i) => i === found || !isExif(segment));
  const at = found < 0 ? -1 : kept.indexOf(segments[found]);
  return at < 0 ? [kept[0], ours, ...kept.slice(1)] : [...kept.slice(0, at), ours, ...kept.slice(at + 1)];
}

/** `jpeg` with the metadata in its EXIF, as one buffer. */
export const addJpegExif = (bytes: Uint8Array, meta: FileMetadata): Buffer => Buffer.concat(jpegExifPieces(bytes, meta));

/** The UNICODE or ASCII UserComment of a JPEG, decoded: what tests read back. */
export function readJpegComment(jpeg: Uint8Array): string | undefined {
  const raw = piexif.load(binary(jpeg)).Exif?.[piexif.ExifIFD.UserComment] as string | undefined;
  if (typeof raw !== 'string') return undefined;
  const body = Buffer.from(raw.slice(8), 'latin1');
  if (raw.startsWith('UNICODE\0')) return body.swap16().toString('utf16le');
  return body.toString('utf8');
}
