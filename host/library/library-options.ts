/** What a Library is opened with (library.ts), and what a save hands it. */
import type { Db } from '../db/migrations.js';
import type { DiskOps } from './disk.js';
import type { LibraryItemMeta } from './library-item.js';
import type { PosterOptions } from './poster.js';

export interface LibraryOptions {
  /** The library folder from settings. */
  root: string;
  /**
   * The studio database holding the library's tables (db/, in the app data folder, not in the
   * library, which may be a synced drive), or the path of a database file the library opens on
   * its own and closes with itself (tests, tools).
   */
  db: Db | string;
  /** The index file of earlier releases, imported on the first start (docs/data.md, "The import"). */
  legacyIndex?: string;
  log?: (line: string) => void;
  now?: () => number;
  /** Replaces file operations, so tests can produce ENOSPC/EACCES on demand. */
  disk?: Partial<DiskOps>;
  /** False: videos get no poster frame (pictures still get thumbnails, from sharp). */
  ffmpeg?: boolean;
  /** Which ffmpeg makes posters and its limits; the defaults are poster.ts's. */
  thumbnails?: PosterOptions;
  /** The index was unreadable and kept aside (its backup's name, null when the disk refused) before being rebuilt. */
  onUnreadable?: (backup: string | null) => void;
  /** False: files are saved exactly as they came, without their prompt and settings inside (embed-metadata.ts). */
  metadata?: boolean;
}

export interface AddInput {
  /** A complete file (e.g. a verified download); it is moved into the library. */
  source: string;
  meta: LibraryItemMeta;
  /** Preferred file name; sanitized, and its extension corrected to match the content. */
  name: string;
  /** The file carries its own tags (a storyboard's film: the board, docs/storyboard-film.md): saved as it is, not tagged again. */
  ownTags?: boolean;
}
