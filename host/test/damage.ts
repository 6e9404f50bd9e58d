/**
 * How an outsider damages one of the studio's data files (docs/security.md, "Files that
 * fail to load"): each turns the file's valid text into the bytes written over it. The schema-failing
 * case is each store's own (a valid JSON document of the wrong shape), so tests add it.
 */
import { readdirSync } from 'node:fs';

export const DAMAGES = {
  /** A write cut short (a full disk, a copy stopped midway). */
  truncated: (valid: string) => Buffer.from(valid.slice(0, Math.floor(valid.length / 2))),
  /** Something else entirely under that name (an image, random bytes). */
  'binary garbage': () => Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff, 0xfe, 0x7b, 0x22, 0x13, 0x37]),
  /**
   * Bytes that are not UTF-8 at the start of the first string value: read leniently, the file
   * would parse (with a U+FFFD there), pass its schema, and be saved back changed.
   */
  'not UTF-8': (valid: string) => {
    const at = valid.includes(':"') ? valid.indexOf(':"') + 2 : 2;
    return Buffer.concat([Buffer.from(valid.slice(0, at)), Buffer.from([0xc3, 0x28]), Buffer.from(valid.slice(at))]);
  },
} as const satisfies Record<string, (valid: string) => Buffer>;

export type Damage = keyof typeof DAMAGES;
export const DAMAGE_NAMES = Object.keys(DAMAGES) as Damage[];

/** The names in `dir` that are backups of `name` (`<name>.unreadable-<UTC time>`). */
export const backupsOf = (dir: string, name: string) =>
  readdirSync(dir).filter((n) => n.startsWith(`${name}.unreadable-`)).sort();

/** The pattern every backup name follows (unreadable-file.ts). */
export const backupName = (name: string) => new RegExp(`^${name.replace(/\./g, '\\.')}\\.unreadable-\\d{4}-\\d\\d-\\d\\dT\\d\\d-\\d\\d-\\d\\dZ(-\\d+)?$`);
