/**
 * A storyboard's film (docs/storyboard-film.md): once every shot's video is made, the studio joins
 * the clips in order, each with its narration laid over it (a clip shorter than its narration
 * holding its last frame), into one MP4 with a chapter per shot, using the bundled ffmpeg in a
 * child process, with progress and cancel. The film is a library item whose lineage names the
 * board, and which carries the board in its metadata.
 */
import { z } from 'zod';
import { TextData } from '../messages/index.js';

const id = z.object({ id: z.string().min(1).max(100) });

/**
 * `none`: never made (or its item is gone); `joining`: under way, `progress` 0..1; `done`: `itemId`
 * is the film, `stale` once the board changed since (a shot redone, reordered, a narration
 * changed); `failed`: `error` says why (a cancel is `none` again).
 */
export const FilmView = z.object({
  state: z.enum(['none', 'joining', 'done', 'failed']),
  progress: z.number().min(0).max(1).optional(),
  itemId: z.string().optional(),
  stale: z.boolean().optional(),
  durationSeconds: z.number().optional(),
  error: TextData.optional(),
});
export type FilmView = z.infer<typeof FilmView>;

export const storyboardFilmMethods = {
  'storyboard.film': { input: id, output: FilmView },
  /** Starts the join; refused (nothing started) while a shot has no video, or a film is being joined. */
  'storyboard.makeFilm': { input: id, output: FilmView },
  /** Stops a join under way; nothing is kept of it. */
  'storyboard.cancelFilm': { input: id, output: FilmView },
} as const;

export const storyboardFilmEvents = {
  /** The film's state, with progress at most ten times a second. */
  'storyboard.onFilm': id.extend({ film: FilmView }),
} as const;
