/**
 * A storyboard's film through the contract on a real core, the sandbox's real clips and speech,
 * and the bundled ffmpeg (docs/storyboard-film.md): refused until every shot is made; one MP4
 * whose length is the sum of the shots, with one video and one audio stream and a chapter per
 * shot, saved to the library with the board in its tags and lineage; stale once a narration is
 * redone, made again from the new one; a cancel keeps nothing.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { installedFfmpegPath } from '@media/ffmpeg-process.js';
import { reportMedia } from '@media/media-report.js';
import { openCore } from '../test/open-core.js';
import { allStages, board, shot, speechCalls, submissions } from './test/board-fixtures.js';

type Core = Awaited<ReturnType<typeof openCore>>;

const films = (c: Core, id: string) => c.events.filter((e) => e.event === 'storyboard.onFilm' && e.payload.id === id).map((e) => e.payload.film);

async function filmDone(c: Core, id: string) {
  await c.until(async () => ['done', 'failed'].includes((await c.value('storyboard.film', { id })).state), 120_000);
  return c.value('storyboard.film', { id });
}

async function report(c: Core, itemId: string) {
  const item = await c.value('library.get', { id: itemId });
  const r = await reportMedia((await installedFfmpegPath())!, join((await c.value('settings.get')).libraryDir, item.file));
  if (!r.ok) throw new Error(r.detail);
  return r.report;
}

describe('a storyboard film', () => {
  it('joins three made shots into one MP4 of their summed length, with a chapter each; redoing a narration re-renders only it and the film', async () => {
    const c = await openCore();
    const url = (await c.value('app.info')).sandboxUrl as string;
    const shots = [shot('one', { narration: 'A harbour wakes at dawn, gulls over the water and the first boats leaving.' }), shot('two', { narration: 'Fog.' }), shot('three', { narration: null })];
    const made = await c.value('storyboard.create', board(shots));
    expect((await c.call('storyboard.makeFilm', { id: made.id })).error.message).toContain('Shot 1 has no video yet');
    await c.value('storyboard.run', { id: made.id });
    await c.until(async () => allStages(await c.value('storyboard.get', { id: made.id }), 'done'), 60_000);

    expect(await c.value('storyboard.makeFilm', { id: made.id })).toMatchObject({ state: 'joining' });
    expect((await c.call('storyboard.makeFilm', { id: made.id })).error.code).toBe('conflict');
    const film = await filmDone(c, made.id);
    expect(film).toMatchObject({ state: 'done', stale: false });
    const progress = films(c, made.id).filter((f: any) => f.state === 'joining').map((f: any) => f.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));

    // Each shot lasts its clip or its narration, whichever is longer.
    const view = await c.value('storyboard.get', { id: made.id });
    const lengths = await Promise.all(view.shots.map(async (s: any) => {
      const clip = (await report(c, s.stages.video.itemId)).durationSeconds!;
      const spoken = s.stages.narration.itemId ? (await report(c, s.stages.narration.itemId)).durationSeconds! : 0;
      return Math.max(clip, spoken);
    }));
    const out = await report(c, film.itemId);
    expect(out.durationSeconds).toBeCloseTo(lengths.reduce((a, b) => a + b, 0), 0);
    // One picture and one sound; MP4 keeps its chapters in a text track of their own (a data stream).
    expect(out.streams.filter((s) => s.kind === 'video')).toHaveLength(1);
    expect(out.streams.filter((s) => s.kind === 'audio')).toHaveLength(1);
    expect(out.streams.filter((s) => s.kind !== 'data')).toHaveLength(2);
    expect(out.chapters.map((ch) => ch.title)).toEqual([expect.stringMatching(/^1\. A harbour wakes/), '2. Fog.', '3. video three']);
    const carried = JSON.parse(out.tags.comment).storyboard;
    expect(carried).toMatchObject({ id: made.id, title: 'Harbour at dawn', aspectRatio: '16:9' });
    expect(carried.shots).toEqual(shots.map((s) => expect.objectContaining({ id: s.id, narration: s.narration })));
    const item = await c.value('library.get', { id: film.itemId });
    expect(item).toMatchObject({ kind: 'video', prompt: 'Harbour at dawn' });
    const lineage = await c.value('library.lineage', { id: film.itemId });
    expect(lineage.madeFrom.map((m: any) => m.ref)).toEqual([
      expect.objectContaining({ kind: 'storyboardShot', boardId: made.id }),
      ...view.shots.map((s: any) => expect.objectContaining({ kind: 'storyboardShot', shotId: s.id, itemId: s.stages.video.itemId })),
    ]);

    // Shot 2's narration redone: only it is bought again, and the film says it is out of date.
    const before = await submissions(url);
    const spoken = await speechCalls(url);
    await c.value('storyboard.update', { id: made.id, ...board([shots[0], { ...shots[1], narration: { ...shots[1].narration!, text: 'Fog rolls in over the quay.' } }, shots[2]]) });
    expect(await c.value('storyboard.film', { id: made.id })).toMatchObject({ state: 'done', stale: true });
    await c.value('storyboard.run', { id: made.id });
    await c.until(async () => allStages(await c.value('storyboard.get', { id: made.id }), 'done'), 60_000);
    expect(await submissions(url)).toEqual(before);
    expect(await speechCalls(url)).toBe(spoken + 1);
    const after = await c.value('storyboard.get', { id: made.id });
    expect(after.shots.map((s: any) => s.stages.video.itemId)).toEqual(view.shots.map((s: any) => s.stages.video.itemId));
    expect(after.shots[1].stages.narration.itemId).not.toBe(view.shots[1].stages.narration.itemId);
    await c.value('storyboard.makeFilm', { id: made.id });
    const again = await filmDone(c, made.id);
    expect(again).toMatchObject({ state: 'done', stale: false });
    expect(again.itemId).not.toBe(film.itemId);
    expect((await report(c, again.itemId)).chapters[1].title).toBe('2. Fog rolls in over the quay.');
    await c.core.close();
  }, 240_000);

  it('a cancelled join keeps nothing: no library item, no file left behind', async () => {
    const c = await openCore();
    const made = await c.value('storyboard.create', board([shot('a', { seconds: 10 }), shot('b', { seconds: 10 })]));
    await c.value('storyboard.run', { id: made.id });
    await c.until(async () => allStages(await c.value('storyboard.get', { id: made.id }), 'done'), 60_000);
    const items = (await c.value('library.list', {})).items.length;
    await c.value('storyboard.makeFilm', { id: made.id });
    expect(await c.value('storyboard.cancelFilm', { id: made.id })).toBeDefined();
    await c.until(async () => (await c.value('storyboard.film', { id: made.id })).state !== 'joining');
    expect(await c.value('storyboard.film', { id: made.id })).toEqual({ state: 'none' });
    expect((await c.value('library.list', {})).items.length).toBe(items);
    expect(readdirSync(join(c.ports.dataDir, 'films-in-progress'))).toEqual([]);
    await c.core.close();
  }, 120_000);
});
