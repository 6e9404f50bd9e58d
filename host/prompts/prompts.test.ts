/**
 * The prompt library on a real database file (docs/prompts.md): search over every field in any
 * script, links to what a prompt made, removal with undo, and imports as an outsider would feed
 * them (not JSON, too big, ids twice, unknown fields, variables no prompt can use), exported and
 * brought back without a duplicate.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { expandPrompt, promptMethods, promptVariables } from '@shared/contract/prompts.js';
import { openPromptLibrary } from './test/prompt-library.js';
import { parseImport } from './prompt-file.js';

let open: ReturnType<typeof openPromptLibrary>[] = [];
afterEach(() => {
  for (const l of open) l.close();
  open = [];
});
const library = (o?: Parameters<typeof openPromptLibrary>[0]) => {
  const l = openPromptLibrary(o);
  open.push(l);
  return l;
};
const failure = async (p: Promise<unknown> | (() => unknown)) => {
  try {
    await (typeof p === 'function' ? p() : p);
  } catch (err) {
    return err as { code: string; text: { code: string; message: string } };
  }
  throw new Error('did not fail');
};

describe('variables', () => {
  it('finds each {name} once, in order, and leaves other braces as text', () => {
    expect(promptVariables('a {subject} in {style}, {subject} again; {not a name} {} {9x} {风格}')).toEqual(['subject', 'style', '风格']);
  });

  it('expands in one pass: a value holding {another} is not expanded again', () => {
    expect(expandPrompt('{a} and {b} and {c}', { a: '{b}', b: 'two' })).toBe('{b} and two and {c}');
  });
});

describe('the library', () => {
  it('searches title, text, description and tags, Chinese as well, with words of any length', () => {
    const { service } = library();
    service.save({ title: 'Kite at dusk', text: 'a red kite over {place}', description: 'warm light', tags: ['sky'] });
    service.save({ title: '风筝', text: '一只红色的风筝在{地点}上空', tags: ['中国风'] });
    service.save({ title: 'Portrait', text: 'a portrait of {subject}', description: 'studio lighting', tags: ['people', 'sky'] });
    const titles = (query: string, tag?: string) => service.list({ query, tag }).items.map((p) => p.title).sort();
    expect(titles('kite')).toEqual(['Kite at dusk']);
    expect(titles('red')).toEqual(['Kite at dusk']);
    expect(titles('studio light')).toEqual(['Portrait']);
    expect(titles('红色')).toEqual(['风筝']);
    expect(titles('中国')).toEqual(['风筝']);
    expect(titles('sky')).toEqual(['Kite at dusk', 'Portrait']);
    expect(titles('', 'people')).toEqual(['Portrait']);
    expect(titles('"kite" OR *')).toEqual([]);
    expect(titles('100%')).toEqual([]);
    expect(service.list({}).tags).toEqual(['people', 'sky', '中国风']);
  });

  it('keeps presets per model, refuses a prompt too long, and says so for a prompt gone', async () => {
    const { service } = library();
    const p = service.save({ title: 't', text: 'x', presets: { 'seedream-4-0': { size: '2K', n: 2 } } });
    expect(service.get(p.id).presets).toEqual({ 'seedream-4-0': { size: '2K', n: 2 } });
    expect(promptMethods['prompts.save'].input.safeParse({ title: 't', text: 'x'.repeat(20_001) }).success).toBe(false);
    expect((await failure(() => service.get('nope'))).text.code).toBe('prompts.notFound');
    expect((await failure(() => service.save({ id: 'nope', title: 't', text: 'x' }))).text.code).toBe('prompts.notFound');
  });

  it('a removed prompt leaves the list and search, and its undo brings it back with its results', () => {
    const { service } = library();
    const p = service.save({ title: 'Kite', text: 'a kite' });
    service.link({ id: p.id, itemIds: ['item-1'] });
    expect(service.remove(p.id)).toEqual({ removed: true });
    expect(service.list({ query: 'kite' }).total).toBe(0);
    expect(service.remove(p.id)).toEqual({ removed: false });
    expect(service.restore(p.id).title).toBe('Kite');
    expect(service.results(p.id).itemIds).toEqual(['item-1']);
  });

  it('links a submission once: its jobs, the items they saved then and later, and counts one use', () => {
    const { service } = library({ jobItems: (id) => (id === 'job-1' ? ['early-item'] : []) });
    const p = service.save({ title: 'Kite', text: 'a kite' });
    expect(service.link({ id: p.id, jobIds: ['job-1', 'job-2'] }).linked).toBe(3);
    expect(service.link({ id: p.id, jobIds: ['job-1', 'job-2'] }).linked).toBe(0);
    service.jobEnded('job-2', ['late-item']);
    service.jobEnded('job-9', ['stranger']);
    service.link({ id: p.id, replyId: 'reply-1' });
    const results = service.results(p.id);
    expect(results.itemIds.sort()).toEqual(['early-item', 'late-item']);
    expect(results).toMatchObject({ jobs: 2, replies: 1 });
    expect(service.get(p.id).uses).toBe(2);
    // The most recently used comes first.
    service.save({ title: 'Other', text: 'other' });
    service.link({ id: p.id, itemIds: ['x'] });
    expect(service.list({}).items[0].id).toBe(p.id);
  });

  it('answers a search over 10,000 prompts quickly enough for a palette', () => {
    const { service, table } = library();
    table.db.transaction(() => {
      for (let i = 0; i < 10_000; i++) table.put({ id: `p${i}`, title: `Prompt ${i}`, text: `a ${i % 2 ? 'kite' : 'boat'} number ${i} over the hills`, description: '', tags: [`t${i % 50}`], presets: {}, createdAt: i, updatedAt: i });
    })();
    const found = service.list({ query: 'number 9999', limit: 20 });
    expect(found.items.map((p) => p.id)).toEqual(['p9999']);
    expect(service.list({ query: 'kite', limit: 20 }).total).toBe(5_000);
  });
});

describe('import and export', () => {
  it('round-trips: an export imported into another library gives the same prompts, and again adds nothing', async () => {
    const a = library();
    a.service.save({ title: 'Kite', text: 'a {colour} kite over {place}', description: 'd', tags: ['sky'], presets: { 'seedream-4-0': { size: '2K' } } });
    a.service.save({ title: '风筝', text: '风筝' });
    const out = await a.service.export();
    expect(out).toMatchObject({ outcome: 'saved', count: 2 });
    const text = readFileSync(join(a.dir, 'out.json'), 'utf8');
    expect(JSON.parse(text).prompts[0]).toMatchObject({ title: 'Kite', variables: ['colour', 'place'] });

    const b = library();
    expect(await b.service.import(text)).toMatchObject({ added: 2, updated: 0, unchanged: 0, skipped: [] });
    expect(await b.service.import(text)).toMatchObject({ added: 0, updated: 0, unchanged: 2, skipped: [] });
    const strip = (l: typeof a) => l.service.list({}).items.map(({ title, text, description, tags, presets, id }) => ({ id, title, text, description, tags, presets })).sort((x, y) => x.title.localeCompare(y.title));
    expect(strip(b)).toEqual(strip(a));
  });

  it('refuses a file that is not JSON or not a library, and one with too many prompts, importing nothing', async () => {
    const { service } = library();
    expect((await failure(service.import('{"prompts": [ {"title": "x", '))).text.code).toBe('prompts.import.notJson');
    expect((await failure(service.import('{"items": []}'))).text.code).toBe('prompts.import.notLibrary');
    expect((await failure(service.import('"prompts"'))).text.code).toBe('prompts.import.notLibrary');
    const many = JSON.stringify({ prompts: Array.from({ length: 10_001 }, (_, i) => ({ title: `t${i}`, text: 'x' })) });
    expect((await failure(service.import(many))).text.code).toBe('prompts.import.tooMany');
    expect(promptMethods['prompts.import'].input.safeParse({ text: 'x'.repeat(1_500_001) }).success).toBe(false);
    expect(service.list({}).total).toBe(0);
  });

  it('checks a large file in turns: other work on the host runs while 8,000 prompts are read', async () => {
    const file = JSON.stringify({ prompts: Array.from({ length: 8_000 }, (_, i) => ({ title: `t${i}`, text: `a {subject} at dusk, study ${i}`, tags: ['sky'] })) });
    let turns = 0;
    let running = true;
    const tick = () => {
      if (!running) return;
      turns += 1;
      setImmediate(tick);
    };
    setImmediate(tick);
    const parsed = await parseImport(file);
    running = false;
    expect(parsed.prompts).toHaveLength(8_000);
    // A page of 500 prompts checked per turn of the loop, not all 8,000 in one.
    expect(turns).toBeGreaterThanOrEqual(15);
  });

  it('skips each bad prompt with its place and reason, and takes the good ones', async () => {
    const { service } = library();
    const prompts: unknown[] = [
      { id: 'same', title: 'First', text: 'one' },
      { id: 'same', title: 'Second', text: 'two' },
      'not a prompt',
      { title: '', text: 'no title' },
      { title: 'Bad var', text: 'a {x}', variables: ['ok', 'bad name!'] },
      { title: 'Bad id', text: 'x', id: '../../etc' },
      { title: 'Unknown', text: 'fields', constructor: 'x', extra: { deep: 1 } },
      { title: 'Huge', text: 'y'.repeat(20_001) },
    ];
    // A key JSON.parse makes an own property, which an object literal cannot write.
    const text = JSON.stringify({ prompts }).replace('"constructor":"x"', '"constructor":"x","__proto__":{"polluted":true}');
    expect(text).toContain('__proto__');
    const report = await service.import(text);
    expect(report.added).toBe(2);
    expect(report.skipped.map((s) => [s.index, (s.reason as { code: string }).code])).toEqual([
      [1, 'prompts.import.duplicateId'],
      [2, 'prompts.import.notObject'],
      [3, 'prompts.import.invalid'],
      [4, 'prompts.import.badVariable'],
      [5, 'prompts.import.invalid'],
      [7, 'prompts.import.invalid'],
    ]);
    expect((report.skipped[3].reason as { message: string }).message).toContain('bad name!');
    const unknown = service.list({ query: 'fields' }).items[0];
    expect(Object.keys(unknown)).not.toContain('extra');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('a file without ids imported twice adds nothing the second time; a newer copy of a known id updates it', async () => {
    const { service } = library();
    const plain = JSON.stringify([{ title: 'Kite', text: 'a kite' }]);
    expect((await service.import(plain)).added).toBe(1);
    const again = await service.import(plain);
    expect(again.added).toBe(0);
    expect((again.skipped[0].reason as { code: string }).code).toBe('prompts.import.duplicate');

    const p = service.save({ title: 'Boat', text: 'a boat' });
    const newer = JSON.stringify({ prompts: [{ id: p.id, title: 'Boat', text: 'a sail boat', updatedAt: new Date(p.updatedAt + 60_000).toISOString() }] });
    expect(await service.import(newer)).toMatchObject({ updated: 1, added: 0 });
    expect(service.get(p.id).text).toBe('a sail boat');
    const older = JSON.stringify({ prompts: [{ id: p.id, title: 'Boat', text: 'an old boat', updatedAt: '2000-01-01T00:00:00Z' }] });
    expect(await service.import(older)).toMatchObject({ unchanged: 1 });
    expect(service.list({}).total).toBe(2);
  });

  it('a full or unwritable folder leaves no half file and says so', async () => {
    const l = library({ savePath: () => join('/proc', 'no-such-place', 'out.json') });
    l.service.save({ title: 'Kite', text: 'a kite' });
    const err = await failure(l.service.export());
    expect(err.text.code).toMatch(/^files\.export\./);
  });
});
