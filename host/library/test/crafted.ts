/** Crafted files of the outside audits, for the tests that feed them to the studio. */
import { crc32 } from 'node:zlib';

/**
 * The audit's file: signature, IHDR, and a text chunk whose length field claims `claim` bytes,
 * followed by 15 bytes and then nothing: 56 bytes in all.
 */
export function claimingPng(type: 'tEXt' | 'iTXt' | 'zTXt', claim: number): Buffer {
  const ihdr = Buffer.alloc(25);
  ihdr.writeUInt32BE(13, 0);
  ihdr.write('IHDR', 4, 'latin1');
  ihdr.writeUInt32BE(1, 8);
  ihdr.writeUInt32BE(1, 12);
  ihdr.set([8, 2, 0, 0, 0], 16);
  ihdr.writeUInt32BE(crc32(ihdr.subarray(4, 21)) >>> 0, 21);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(claim, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), ihdr, head, Buffer.from('Comment\0hello!!', 'latin1')]);
}
