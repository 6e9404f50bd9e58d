/**
 * A storyboard's film (docs/storyboard-film.md): the shots' clips and narrations joined in order
 * by the bundled ffmpeg in a child process (media/film-join.ts), with progress and cancel, then
 * saved to the library as a video whose lineage names the board and each shot's clip and whose
 * MP4 tags carry the board. One join per board at a time; a join is not resumed after a restart
 * (nothing of it is kept), the film made before it stays.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { BoardView } from '@shared/contract/storyboard.js';
import type { FilmView } from '@shared/contract/storyboard-film.js';
import type { LineageRef } from '@shared/contract/lineage-ref.js';
import { MAX_LINEAGE } from '@shared/contract/lineage-ref.js';
import { msg } from '@shared/messages/index.js';
import { joinFilm, MAX_TAG_BYTES, type FilmShot } from '@media/film-join.js';
import { coreError } from '../errors.js';
import type { LibraryItem } from '../library/library-item.js';
import type { AddInput } from '../library/library-options.js';
import type { FilmTable } from './film-table.js';

export interface FilmMakerDeps {
  table: FilmTable;
  board(id: string): BoardView;
  item(id: string): LibraryItem | undefined;
  /** A library file's absolute path. */
  resolve(file: string): string;
  add(input: AddInput): Promise<LibraryItem>;
  /** Where a film is written before it is moved into the library. */
  workDir: string;
  now(): number;
  log(line: string): void;
  told(id: string, film: FilmView): void;
  ffmpegPath?: string;
}

interface Joining {
  controller: AbortController;
  progress: number;
  done: Promise<void>;
}

/** What the film was made from: each shot's clip and narration, in order, and its title. */
export function fingerprintOf(board: BoardView): string {
  const parts = board.shots.map((s) => [s.id, s.stages.video.itemId ?? '', s.stages.narration.itemId ?? '']);
  return createHash('sha256').update(JSON.stringify([board.title, parts])).digest('hex');
}

const chapterOf = (board: BoardView, i: number) => {
  const s = board.shots[i];
  const words = s.narration?.text || s.video.prompt || (s.picture.source === 'generate' ? s.picture.prompt : '');
  const short = words.replace(/\s+/g, ' ').trim().slice(0, 80);
  return short ? `${i + 1}. ${short}` : `${i + 1}`;
};

/** The board as the film's tags carry it: whole while it fits, else what names it. */
function boardTag(board: BoardView): string {
  const shots = board.shots.map(({ stages: _stages, ...shot }) => shot);
  const whole = JSON.stringify({ storyboard: { id: board.id, title: board.title, aspectRatio: board.aspectRatio, shots } });
  if (Buffer.byteLength(whole) <= MAX_TAG_BYTES) return whole;
  return JSON.stringify({ storyboard: { id: board.id, title: board.title, aspectRatio: board.aspectRatio, shots: shots.length } });
}

export class FilmMaker {
  private readonly joining = new Map<string, Joining>();
  private readonly failed = new Map<string, FilmView['error']>();

  constructor(private readonly d: FilmMakerDeps) {}

  view(id: string): FilmView {
    const j = this.joining.get(id);
    if (j) return { state: 'joining', progress: j.progress };
    const error = this.failed.get(id);
    if (error) return { state: 'failed', error };
    const row = this.d.table.get(id);
    if (!row || !this.d.item(row.itemId)) return { state: 'none' };
    return { state: 'done', itemId: row.itemId, durationSeconds: row.duration, stale: fingerprintOf(this.d.board(id)) !== row.fingerprint };
  }

  /** Checks that every shot is made, then starts the join; answers at once. */
  make(id: string): FilmView {
    const board = this.d.board(id);
    if (this.joining.has(id)) throw coreError('conflict', msg('storyboard.film.busy'));
    if (!board.shots.length) throw coreError('invalid_request', msg('storyboard.film.empty'));
    const shots: FilmShot[] = board.shots.map((s, i) => {
      const shot = i + 1;
      if (s.stages.video.state !== 'done' || !s.stages.video.itemId) throw coreError('invalid_request', msg('storyboard.film.notReady', { shot }));
      if (s.narration && (s.stages.narration.state !== 'done' || !s.stages.narration.itemId)) throw coreError('invalid_request', msg('storyboard.film.narrationNotReady', { shot }));
      const clip = this.d.item(s.stages.video.itemId);
      const spoken = s.narration ? this.d.item(s.stages.narration.itemId!) : undefined;
      if (!clip || (s.narration && !spoken)) throw coreError('not_found', msg('storyboard.film.fileGone', { shot }));
      return { clipPath: this.d.resolve(clip.file), ...(spoken ? { narrationPath: this.d.resolve(spoken.file) } : {}), title: chapterOf(board, i) };
    });
    this.failed.delete(id);
    const controller = new AbortController();
    const j: Joining = { controller, progress: 0, done: Promise.resolve() };
    this.joining.set(id, j);
    j.done = this.join(board, shots, j).catch((err: unknown) => this.d.log(`storyboard: film of ${id}: ${(err as Error).stack ?? String(err)}`)).finally(() => {
      this.joining.delete(id);
      this.d.told(id, this.view(id));
    });
    return this.told(id);
  }

  cancel(id: string): FilmView {
    this.joining.get(id)?.controller.abort();
    return this.view(id);
  }

  /** Stops every join (the studio closes): nothing of them is kept. */
  async close(): Promise<void> {
    const all = [...this.joining.values()];
    for (const j of all) j.controller.abort();
    await Promise.all(all.map((j) => j.done));
  }

  private told(id: string): FilmView {
    const view = this.view(id);
    this.d.told(id, view);
    return view;
  }

  private async join(board: BoardView, shots: FilmShot[], j: Joining): Promise<void> {
    await mkdir(this.d.workDir, { recursive: true });
    const outPath = path.join(this.d.workDir, `film-${randomUUID()}.mp4`);
    const result = await joinFilm({
      ...(this.d.ffmpegPath ? { ffmpegPath: this.d.ffmpegPath } : {}),
      shots, outPath, signal: j.controller.signal,
      metadata: { title: board.title.slice(0, 200), comment: boardTag(board) },
      onProgress: (fraction) => {
        j.progress = fraction;
        this.d.told(board.id, { state: 'joining', progress: fraction });
      },
    });
    if (!result.ok) {
      if (result.reason === 'cancelled') return;
      this.d.log(`storyboard: film of ${board.id} failed (${result.reason}): ${result.detail}`);
      this.failed.set(board.id, result.reason === 'spawn' ? msg('storyboard.film.noFfmpeg') : msg('storyboard.film.failed', { detail: result.detail }));
      return;
    }
    const whole: LineageRef = { kind: 'storyboardShot', boardId: board.id, name: board.title.slice(0, 200) };
    const madeFrom: LineageRef[] = [
      whole,
      ...board.shots.map((s): LineageRef => ({ kind: 'storyboardShot', boardId: board.id, shotId: s.id, itemId: s.stages.video.itemId })),
    ].slice(0, MAX_LINEAGE);
    const durationSeconds = result.durationMs / 1000;
    const item = await this.d.add({
      source: outPath, name: `${board.title}.mp4`, ownTags: true,
      meta: {
        kind: 'video', prompt: board.title, model: 'storyboard', createdAt: this.d.now(), durationSeconds, madeFrom,
        params: { storyboard: board.id, shots: board.shots.length, chapters: result.chapters.map((c) => c.title) },
      },
    });
    // A board removed meanwhile keeps nothing to name the film by; the film stays in the library.
    this.d.table.put({ boardId: board.id, itemId: item.id, fingerprint: fingerprintOf(board), duration: durationSeconds, madeAt: this.d.now() });
  }
}
