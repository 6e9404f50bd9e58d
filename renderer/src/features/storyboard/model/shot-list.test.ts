import { describe, expect, it } from 'vitest';
import type { Shot } from '@shared/contract/storyboard.js';
import { addShot, boardInput, duplicateShot, firstMissing, moveShot, newShot, removeShot, shotOfParam } from './shot-list.js';

let n = 0;
const id = () => `shot-${++n}`;
const filled = (prompt: string): Shot => ({ ...newShot(id), picture: { source: 'generate', model: 'seedream-4-0', prompt } });

describe('the shot list', () => {
  it('adds an empty shot at the end, or after a given one', () => {
    const a = filled('a');
    const b = filled('b');
    expect(addShot([], undefined, () => 'x').map((s) => s.id)).toEqual(['x']);
    expect(addShot([a, b], 0, () => 'x').map((s) => s.id)).toEqual([a.id, 'x', b.id]);
    expect(addShot([a, b], undefined, () => 'y').map((s) => s.id)).toEqual([a.id, b.id, 'y']);
  });

  it('moves a shot up and down keeping its id, and not past either end', () => {
    const [a, b, c] = [filled('a'), filled('b'), filled('c')];
    expect(moveShot([a, b, c], 2, -1)).toEqual([a, c, b]);
    expect(moveShot([a, b, c], 0, 1)).toEqual([b, a, c]);
    expect(moveShot([a, b, c], 0, -1)).toEqual([a, b, c]);
    expect(moveShot([a, b, c], 2, 1)).toEqual([a, b, c]);
  });

  it('duplicates a shot right after it: a new id, the same content, no stages carried', () => {
    const a = { ...filled('a'), narration: { text: 'hello', voice: 'nova' as const, speed: 1.2 } };
    const withStages = { ...a, stages: { picture: { state: 'done' as const, itemId: 'i1' } } } as unknown as Shot;
    const out = duplicateShot([withStages, filled('b')], 0, () => 'copy');
    expect(out.map((s) => s.id)).toEqual([a.id, 'copy', out[2].id]);
    expect(out[1]).toEqual({ ...a, id: 'copy' });
    expect('stages' in out[1]).toBe(false);
    // A deep copy: editing the copy leaves the original alone.
    out[1].narration!.text = 'changed';
    expect(a.narration.text).toBe('hello');
  });

  it('removes a shot', () => {
    const [a, b, c] = [filled('a'), filled('b'), filled('c')];
    expect(removeShot([a, b, c], 1)).toEqual([a, c]);
  });

  it('says which shot still lacks words before it is saved', () => {
    const a = filled('a');
    expect(firstMissing([a, newShot(id)])).toEqual({ index: 1, missing: 'picturePrompt' });
    expect(firstMissing([{ ...a, narration: { text: ' ', voice: 'alloy', speed: 1 } }])).toEqual({ index: 0, missing: 'narrationText' });
    expect(firstMissing([a])).toBeUndefined();
  });

  it('sends the board without the stages the host reported', () => {
    const a = filled('a');
    const view = { title: 'T', aspectRatio: '16:9', shots: [{ ...a, stages: {} }] } as never;
    expect(boardInput(view)).toEqual({ title: 'T', aspectRatio: '16:9', shots: [a] });
  });

  it('reads the shot a refusal names', () => {
    expect(shotOfParam('shots.1.narration.text')).toBe(1);
    expect(shotOfParam('shots.0')).toBe(0);
    expect(shotOfParam('title')).toBeUndefined();
    expect(shotOfParam(undefined)).toBeUndefined();
  });
});
