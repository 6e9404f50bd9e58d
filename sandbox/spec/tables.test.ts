/**
 * The sandbox reads the spec for itself. Its tables and the studio's are compared value by value:
 * any difference fails this test, named with both values, unless it is declared below with the
 * reason it was made, so a slip in either copy is caught and a deliberate one is on record.
 */
import { describe, expect, it } from 'vitest';
import * as studio from '@shared/gateway/catalog.js';
import * as sandbox from './tables.js';
import { sandboxTables, studioTables, tableDifferences } from '../test/table-diff.js';

/** Differences made on purpose, each exactly as tableDifferences words it, with why. */
const DECLARED: Record<string, string> = {};

describe("the sandbox's own tables of the spec", () => {
  it('agree with the studio\'s on every value, but for the differences declared here', () => {
    const found = tableDifferences(studioTables(studio), sandboxTables(sandbox));
    expect(found.filter((d) => !(d in DECLARED)), 'undeclared differences').toEqual([]);
    expect(Object.keys(DECLARED).filter((d) => !found.includes(d)), 'declared differences that are gone').toEqual([]);
  });

  it('are a copy of their own: a wrong value in the studio\'s is named, with both values', () => {
    const planted = structuredClone(studioTables(studio)) as { image: Record<string, { n: { max: number } }>; speech: { formats: string[] } };
    planted.image['seedream-4-0'].n.max = 8;
    planted.speech.formats = [...planted.speech.formats, 'wav'];
    expect(tableDifferences(planted, sandboxTables(sandbox))).toEqual([
      'image.seedream-4-0.n.max: studio 8, sandbox 4',
      'speech.formats: studio ["mp3","opus","aac","flac","wav"], sandbox ["mp3","opus","aac","flac"]',
    ]);
    // The sandbox's tables are not the studio's objects: changing a copy of one leaves the other.
    expect(sandbox.IMAGE_MODELS['seedream-4-0']).not.toBe(studio.IMAGE_MODELS['seedream-4-0']);
  });
});
