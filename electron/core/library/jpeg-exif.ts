/**
 * EXIF in a JPEG, written without decoding a pixel (piexifjs replaces the APP1 segment and leaves
 * the compressed image as it is): the prompt as ImageDescription, `Software`, and the
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

/** `jpeg` with the metadata in its EXIF; throws when it is not a JPEG piexifjs can read. */
export function addJpegExif(jpeg: Uint8Array, meta: FileMetadata): Buffer {
  const source = binary(jpeg);
  let exif: piexif.ExifDict;
  try {
    exif = piexif.load(source);
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
  return Buffer.from(piexif.insert(piexif.dump(exif), source), 'latin1');
}

/** The UNICODE or ASCII UserComment of a JPEG, decoded: what tests read back. */
export function readJpegComment(jpeg: Uint8Array): string | undefined {
  const raw = piexif.load(binary(jpeg)).Exif?.[piexif.ExifIFD.UserComment] as string | undefined;
  if (typeof raw !== 'string') return undefined;
  const body = Buffer.from(raw.slice(8), 'latin1');
  if (raw.startsWith('UNICODE\0')) return body.swap16().toString('utf16le');
  return body.toString('utf8');
}
