/**
 * Storyboards through the contract on a real core (docs/storyboards.md): kept and edited, refused
 * before anything is queued, run as a chain to done with each stage bought once, a refused stage
 * stopping only its shot and retried alone, an edit re-rendering only what depends on it.
 */
import { describe, expect, it } from 'vitest';
import { openCore } from '../test/open-core.js';
import { allStages, board, settled, shot, speechCalls, submissions } from './test/board-fixtures.js';

describe('storyboards through the contract', () => {
  it('keeps a board, edits its shot list and forgets it; nothing is queued until it runs', async () => {
    const c = await openCore();
    const a = shot('a');
    const b = shot('b', { narration: null });
    const made = await c.value('storyboard.create', board([a, b]));
    expect(made).toMatchObject({ title: 'Harbour at dawn', aspectRatio: '16:9', running: false });
    expect(made.shots.map((s: any) => [s.id, s.stages.picture.state, s.stages.video.state, s.stages.narration.state])).toEqual([
      [a.id, 'idle', 'idle', 'idle'], [b.id, 'idle', 'idle', 'idle'],
    ]);
    const dup = { ...a, id: crypto.randomUUID() };
    const edited = await c.value('storyboard.update', { id: made.id, ...board([b, a, dup], 'Harbour at dusk') });
    expect(edited.title).toBe('Harbour at dusk');
    expect(edited.shots.map((s: any) => s.id)).toEqual([b.id, a.id, dup.id]);
    expect((await c.value('storyboard.list')).map((x: any) => [x.id, x.shots])).toEqual([[made.id, 3]]);
    expect((await c.value('storyboard.estimate', { id: made.id })).jobs).toBe(3 + 3 + 2);
    expect(await c.value('tasks.list')).toEqual([]);
    expect(await c.value('storyboard.remove', { id: made.id })).toEqual({ removed: true });
    expect((await c.call('storyboard.get', { id: made.id })).error.code).toBe('not_found');
    expect(await c.value('storyboard.list')).toEqual([]);
  });

  it('refuses hostile boards with a clear message, and queues nothing', async () => {
    const c = await openCore();
    const many = await c.call('storyboard.create', board(Array.from({ length: 60 }, (_, i) => shot(`s${i}`))));
    expect(many.error).toMatchObject({ code: 'invalid_input' });
    expect(many.error.param).toBe('shots');
    const gone = await c.call('storyboard.create', board([shot('ok'), { ...shot('gone'), picture: { source: 'library', itemId: 'no-such-item' } }]));
    expect(gone.error).toMatchObject({ code: 'invalid_input', param: 'shots.1' });
    expect(gone.error.message).toContain('Shot 2');
    expect(gone.error.message).toContain('no longer in the library');
    const model = await c.call('storyboard.create', board([{ ...shot('m'), video: { model: 'no-such-model', durationSeconds: 5 } }]));
    expect(model.error).toMatchObject({ code: 'invalid_input' });
    expect(model.error.param).toMatch(/^shots\.0\.video\.model/);
    const long = await c.call('storyboard.create', board([shot('long', { seconds: 30 })]));
    expect(long.error).toMatchObject({ code: 'invalid_input', param: 'shots.0' });
    expect(long.error.message).toContain('duration');
    const ratio = await c.call('storyboard.create', { ...board([shot('r')]), aspectRatio: '1:1' });
    expect(ratio.error.message).toContain('1:1');
    expect(await c.value('storyboard.list')).toEqual([]);
    expect(await c.value('tasks.list')).toEqual([]);
  });

  it('runs a board to done: pictures, videos started from them, narrations, each bought once', async () => {
    const c = await openCore();
    const url = (await c.value('app.info')).sandboxUrl as string;
    const shots = [shot('one'), shot('two', { pictureModel: 'modela-4o-image', videoModel: 'modelf-hailuo-02', narration: null }), shot('three')];
    const made = await c.value('storyboard.create', board(shots));
    const before = await c.value('storyboard.estimate', { id: made.id });
    expect(before).toMatchObject({ jobs: 8, budget: { blocked: false } });
    await c.value('storyboard.run', { id: made.id });
    await c.until(async () => allStages(await c.value('storyboard.get', { id: made.id }), 'done'), 60_000);
    const view = await c.value('storyboard.get', { id: made.id });
    for (const s of view.shots) {
      const video = await c.value('library.lineage', { id: s.stages.video.itemId });
      expect(video.madeFrom.map((m: any) => m.ref)).toEqual([
        expect.objectContaining({ kind: 'startImage', itemId: s.stages.picture.itemId }),
        expect.objectContaining({ kind: 'storyboardShot', boardId: made.id, shotId: s.id }),
      ]);
      expect((await c.value('library.get', { id: s.stages.video.itemId })).kind).toBe('video');
      if (!s.narration) continue;
      expect((await c.value('library.get', { id: s.stages.narration.itemId })).kind).toBe('audio');
      const spoken = await c.value('library.lineage', { id: s.stages.narration.itemId });
      expect(spoken.madeFrom.map((m: any) => m.ref)).toEqual([expect.objectContaining({ kind: 'storyboardShot', boardId: made.id, shotId: s.id })]);
    }
    const bought = await submissions(url);
    for (const name of ['one', 'two', 'three']) {
      expect(bought[`picture ${name}`]).toBe(1);
      expect(bought[`video ${name}`]).toBe(1);
    }
    expect(await speechCalls(url)).toBe(2);
    expect((await c.value('storyboard.estimate', { id: made.id })).jobs).toBe(0);
    // Running it again makes nothing: every stage is done.
    await c.value('storyboard.run', { id: made.id });
    expect(await c.value('tasks.list')).toHaveLength(6);
    await c.until(async () => c.events.some((e) => e.event === 'storyboard.onDidChange' && e.payload.id === made.id && allStages(e.payload, 'done')));
  });

  it('a refused video stops only its shot, and retryShot makes only it again', async () => {
    const c = await openCore();
    const url = (await c.value('app.info')).sandboxUrl as string;
    const made = await c.value('storyboard.create', board([shot('left', { narration: null }), shot('right', { narration: null })]));
    await fetch(`${url}/_sandbox/faults/fail`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ status: 400, count: 1, match: '/v1/videos', message: 'The starting image was refused.' }) });
    await c.value('storyboard.run', { id: made.id });
    await c.until(async () => settled(await c.value('storyboard.get', { id: made.id })), 60_000);
    const view = await c.value('storyboard.get', { id: made.id });
    const failed = view.shots.filter((s: any) => s.stages.video.state === 'failed');
    expect(failed).toHaveLength(1);
    expect(view.shots.filter((s: any) => s.stages.video.state === 'done')).toHaveLength(1);
    expect(failed[0].stages.picture.state).toBe('done');
    expect(JSON.stringify(failed[0].stages.video.error)).toContain('starting image was refused');
    expect((await c.call('storyboard.retryShot', { id: made.id, shotId: view.shots.find((s: any) => s.stages.video.state === 'done').id })).error.code).toBe('conflict');
    // Its picture's links die meanwhile: the retry starts the video from fresh ones.
    await fetch(`${url}/_sandbox/links/expire`, { method: 'POST' });
    await c.value('storyboard.retryShot', { id: made.id, shotId: failed[0].id });
    await c.until(async () => allStages(await c.value('storyboard.get', { id: made.id }), 'done'), 60_000);
    const bought = await submissions(url);
    expect([bought['picture left'], bought['picture right'], bought['video left'], bought['video right']]).toEqual([1, 1, 1, 1]);
    const after = await c.value('storyboard.get', { id: made.id });
    const retried = after.shots.find((s: any) => s.id === failed[0].id).stages;
    expect(retried.picture.itemId).toBe(failed[0].stages.picture.itemId);
    const picture = await c.value('library.get', { id: retried.picture.itemId });
    const video = await c.value('library.get', { id: retried.video.itemId });
    expect(video.params.image_url).toMatch(/^http/);
    expect(video.params.image_url).not.toBe(picture.sourceUrl);
  });

  it('starts a video from a Gallery picture by its link, and refuses one that has no link', async () => {
    const c = await openCore();
    const url = (await c.value('app.info')).sandboxUrl as string;
    const job = await c.value('tasks.submit', { route: 'image', request: { model: 'seedream-4-0', prompt: 'a gallery harbour', resolution: '1K' } });
    await c.until(async () => (await c.value('tasks.list')).some((t: any) => t.id === job.id && t.state === 'saved'));
    const itemId = (await c.value('tasks.list')).find((t: any) => t.id === job.id).downloads[0].libraryId;
    const chosen = { ...shot('chosen', { narration: null }), picture: { source: 'library', itemId } };
    const made = await c.value('storyboard.create', board([chosen]));
    expect(made.shots[0].stages.picture).toEqual({ state: 'done', itemId });
    expect((await c.value('storyboard.estimate', { id: made.id })).stages).toEqual([{ shotId: chosen.id, stage: 'video' }]);
    await c.value('storyboard.run', { id: made.id });
    await c.until(async () => allStages(await c.value('storyboard.get', { id: made.id }), 'done'), 60_000);
    const video = (await c.value('storyboard.get', { id: made.id })).shots[0].stages.video.itemId;
    expect((await c.value('library.lineage', { id: video })).madeFrom[0].ref).toMatchObject({ kind: 'startImage', itemId });
    expect(await submissions(url)).toMatchObject({ 'a gallery harbour': 1, 'video chosen': 1 });
    // A picture made by a native model has no link the video route could fetch.
    const native = await c.value('images.generateNative', { model: 'modelc-2.5-flash-image-preview', prompt: 'a native harbour' });
    const refused = await c.call('storyboard.create', board([{ ...chosen, picture: { source: 'library', itemId: native.items[0].id } }]));
    expect(refused.error).toMatchObject({ code: 'invalid_input', param: 'shots.0' });
    expect(refused.error.message).toContain('public link');
  });

  it('keeps a board whose Gallery picture\'s link has died editable once its video is made', async () => {
    let later = 0;
    const c = await openCore({ now: () => Date.now() + later });
    const job = await c.value('tasks.submit', { route: 'image', request: { model: 'seedream-4-0', prompt: 'an old harbour', resolution: '1K' } });
    await c.until(async () => (await c.value('tasks.list')).some((t: any) => t.id === job.id && t.state === 'saved'));
    const itemId = (await c.value('tasks.list')).find((t: any) => t.id === job.id).downloads[0].libraryId;
    const chosen = { ...shot('old'), picture: { source: 'library', itemId } };
    const made = await c.value('storyboard.create', board([chosen]));
    await c.value('storyboard.run', { id: made.id });
    await c.until(async () => allStages(await c.value('storyboard.get', { id: made.id }), 'done'), 60_000);
    // A day later the picture's link is dead: the made video does not need it, a new one would.
    later = 25 * 3_600_000;
    const worded = await c.value('storyboard.update', { id: made.id, ...board([{ ...chosen, narration: { ...chosen.narration!, text: 'later words' } }]) });
    expect(Object.values(worded.shots[0].stages).map((s: any) => s.state)).toEqual(['done', 'done', 'idle']);
    const longer = await c.call('storyboard.update', { id: made.id, ...board([{ ...chosen, video: { ...chosen.video, durationSeconds: 6 } }]) });
    expect(longer.error).toMatchObject({ code: 'invalid_input', param: 'shots.0' });
    expect(longer.error.message).toContain('24 hours');
  });

  it('prices what a run would make with the creator\'s prices, and says which budget it would cross', async () => {
    const c = await openCore();
    await c.value('ledger.setPrices', { entries: [
      { kind: 'image', model: 'seedream-4-0', unitClass: '1K', price: 1_000 },
      { kind: 'video', model: 'modelg3', unitClass: '720p', price: 100 },
      { kind: 'speech', model: 'tts-1', price: 2_000 },
    ] });
    await c.value('budgets.set', { limits: { dailyMoney: 1_000 }, hardStop: true });
    const priced = await c.value('storyboard.create', board([shot('priced', { narration: 'ten words' })]));
    const estimate = await c.value('storyboard.estimate', { id: priced.id });
    // 1 picture at 1,000, 5 seconds at 100, 9 characters at 2,000 per 1,000.
    expect(estimate.cost).toEqual({ basis: 'user', money: 1_000 + 500 + 18, low: 1_518, high: 1_518, unpriced: 0 });
    expect(estimate.budget).toMatchObject({ blocked: false, crosses: [{ kind: 'dailyMoney', limit: 1_000, spent: 0, after: 1_518 }] });
    const mixed = await c.value('storyboard.create', board([shot('mixed', { pictureModel: 'modela-4o-image' })]));
    expect((await c.value('storyboard.estimate', { id: mixed.id })).cost).toEqual({ basis: 'unpriced', unpriced: 1 });
  });

  it('an edit re-renders only what depends on it', async () => {
    const c = await openCore();
    const url = (await c.value('app.info')).sandboxUrl as string;
    const a = shot('edit');
    const made = await c.value('storyboard.create', board([a]));
    await c.value('storyboard.run', { id: made.id });
    await c.until(async () => allStages(await c.value('storyboard.get', { id: made.id }), 'done'), 60_000);
    const first = (await c.value('storyboard.get', { id: made.id })).shots[0].stages;
    // The narration's words change: only the narration is made again.
    const worded = { ...a, narration: { ...a.narration!, text: 'new words for the edit' } };
    const edited = await c.value('storyboard.update', { id: made.id, ...board([worded]) });
    // The run was over: the edit starts nothing until the next run, which is priced first.
    expect(edited.running).toBe(false);
    expect(Object.values(edited.shots[0].stages).map((s: any) => s.state)).toEqual(['done', 'done', 'idle']);
    expect((await c.value('storyboard.estimate', { id: made.id })).stages).toEqual([{ shotId: a.id, stage: 'narration' }]);
    await c.value('storyboard.run', { id: made.id });
    await c.until(async () => allStages(await c.value('storyboard.get', { id: made.id }), 'done'), 60_000);
    const second = (await c.value('storyboard.get', { id: made.id })).shots[0].stages;
    expect(second.picture.itemId).toBe(first.picture.itemId);
    expect(second.video.itemId).toBe(first.video.itemId);
    expect(second.narration.itemId).not.toBe(first.narration.itemId);
    expect(await speechCalls(url)).toBe(2);
    expect(await submissions(url)).toMatchObject({ 'picture edit': 1, 'video edit': 1 });
    // A video change resets the video alone; a picture change, the picture and its video.
    const longer = await c.value('storyboard.update', { id: made.id, ...board([{ ...worded, video: { ...worded.video, durationSeconds: 6 } }]) });
    expect(Object.values(longer.shots[0].stages).map((s: any) => s.state)).toEqual(['done', 'idle', 'done']);
    const repainted = await c.value('storyboard.update', { id: made.id, ...board([{ ...worded, picture: { ...worded.picture, prompt: 'picture edit, at night' } }]) });
    expect(Object.values(repainted.shots[0].stages).map((s: any) => s.state)).toEqual(['idle', 'idle', 'done']);
    expect((await c.value('storyboard.estimate', { id: made.id })).stages).toEqual([{ shotId: a.id, stage: 'picture' }, { shotId: a.id, stage: 'video' }]);
  });
});
