/**
 * Names for files taken out of the library: built from the prompt, which is arbitrary text, so
 * they follow the library's own naming rules (names.ts: no separators, no control or reserved
 * characters, no leading dot, bounded length) and, inside a zip, are unique even to a file system
 * that ignores case. No name can climb out of the folder it is unpacked in.
 */
import { extname } from 'node:path';
import type { LibraryItem } from './library-item.js';
import { candidateName, cleanStem } from './names.js';

/** The item's extension, from its library file (which the library named after its content). */
export function extensionOf(item: Pick<LibraryItem, 'file'>): string {
  const ext = extname(item.file).toLowerCase();
  return /^\.[a-z0-9]{1,5}$/.test(ext) ? ext : '.bin';
}

/** A file name for the item, from its prompt (or its kind when it has none): `a fox in snow.png`. */
export function promptFileName(item: Pick<LibraryItem, 'file' | 'prompt' | 'kind'>, n = 1): string {
  const ext = extensionOf(item);
  // The extension is appended before cleaning, so a dot in the prompt is never read as one.
  const { stem } = cleanStem(`${item.prompt.trim() || item.kind}${ext}`);
  return candidateName(stem, ext, n);
}

/**
 * The name of each item's file inside a zip (`media/<name>`), in order: prompt names, the
 * second of a name (in any letter case) getting " (2)", and so on.
 */
export function zipNames(items: ReadonlyArray<Pick<LibraryItem, 'file' | 'prompt' | 'kind'>>): string[] {
  const taken = new Set<string>();
  return items.map((item) => {
    for (let n = 1; ; n++) {
      const name = promptFileName(item, n);
      const key = name.normalize('NFC').toLowerCase();
      if (taken.has(key)) continue;
      taken.add(key);
      return `media/${name}`;
    }
  });
}
