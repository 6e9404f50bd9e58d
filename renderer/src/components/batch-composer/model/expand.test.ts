/**
 * The composer's prompts (docs/batch-composer.md): a list, one per line, or one prompt
 * with {variables}, each with its values; the prompts are the product. Attacked as a creator
 * would mistype it: braces left open or never opened, `{{` meant as a brace, empty lists, a
 * variable used twice, names in any script, and a product too big to queue.
 */
import { describe, expect, it } from 'vitest';
import { expandPrompts, parseTemplate, valuesOf } from './expand.js';

const LIMIT = 1000;

describe('a list of prompts', () => {
  it('is one prompt per line, trimmed, blank lines and repeats left out', () => {
    const r = expandPrompts({ mode: 'list', list: '  a fox \n\n a fox\nan owl\r\n  \n', template: '', values: {} }, LIMIT);
    expect(r).toEqual({ ok: true, variables: [], prompts: [{ prompt: 'a fox', vars: {} }, { prompt: 'an owl', vars: {} }], repeats: 1 });
  });

  it('with no prompt at all is refused, not an empty batch', () => {
    expect(expandPrompts({ mode: 'list', list: ' \n\n', template: '', values: {} }, LIMIT)).toEqual({ ok: false, error: { code: 'noPrompt' } });
  });
});

describe('a prompt with variables', () => {
  it('finds each variable once, in order of first use, in any script', () => {
    expect(parseTemplate('a {subject} in {style}, {subject} again, {风格}')).toMatchObject({ ok: true, variables: ['subject', 'style', '风格'] });
  });

  it('expands to every combination, the first variable slowest, a variable used twice filled alike', () => {
    const r = expandPrompts({ mode: 'template', list: '', template: '{subject} by {style}, one {subject}', values: { subject: 'fox\nowl', style: 'ink\noil\n' } }, LIMIT);
    expect(r.ok && r.prompts.map((p) => p.prompt)).toEqual([
      'fox by ink, one fox', 'fox by oil, one fox', 'owl by ink, one owl', 'owl by oil, one owl',
    ]);
    expect(r.ok && r.prompts[1].vars).toEqual({ subject: 'fox', style: 'oil' });
  });

  it('reads {{ and }} as the braces themselves', () => {
    const r = expandPrompts({ mode: 'template', list: '', template: 'json {{"k": "{v}"}}', values: { v: 'x' } }, LIMIT);
    expect(r.ok && r.prompts.map((p) => p.prompt)).toEqual(['json {"k": "x"}']);
  });

  it('names a brace left open and where', () => {
    expect(parseTemplate('a {subject in ink')).toEqual({ ok: false, error: { code: 'unclosed', at: 2 } });
  });

  it('names a closing brace that opens nothing', () => {
    expect(parseTemplate('a } here')).toEqual({ ok: false, error: { code: 'unopened', at: 2 } });
  });

  it('refuses a name that is no name ({}, spaces, a brace inside)', () => {
    expect(parseTemplate('a {} b')).toEqual({ ok: false, error: { code: 'badName', at: 2, name: '' } });
    expect(parseTemplate('a {two words} b')).toEqual({ ok: false, error: { code: 'badName', at: 2, name: 'two words' } });
    expect(parseTemplate('a {x{y}} b')).toMatchObject({ ok: false, error: { code: 'badName', at: 2 } });
  });

  it('refuses a variable named like an axis the batch already has', () => {
    expect(expandPrompts({ mode: 'template', list: '', template: 'a {model}', values: { model: 'x' } }, LIMIT))
      .toEqual({ ok: false, error: { code: 'reservedName', name: 'model' } });
  });

  it('refuses a variable with no value, naming it, and leaves values of names not in the prompt aside', () => {
    expect(expandPrompts({ mode: 'template', list: '', template: 'a {subject} in {style}', values: { subject: 'fox', style: ' \n', gone: 'x' } }, LIMIT))
      .toEqual({ ok: false, error: { code: 'noValues', name: 'style' } });
  });

  it('without any variable is one prompt', () => {
    const r = expandPrompts({ mode: 'template', list: '', template: '  a plain fox ', values: {} }, LIMIT);
    expect(r).toEqual({ ok: true, variables: [], prompts: [{ prompt: 'a plain fox', vars: {} }], repeats: 0 });
  });

  it('refuses a product over the limit with the numbers, without building it', () => {
    const ten = Array.from({ length: 10 }, (_, i) => `v${i}`).join('\n');
    const r = expandPrompts({ mode: 'template', list: '', template: '{a} {b} {c}', values: { a: ten, b: ten, c: ten } }, 999);
    expect(r).toEqual({ ok: false, error: { code: 'tooMany', count: 1000, limit: 999 } });
    const huge = Array.from({ length: 1000 }, (_, i) => `v${i}`).join('\n');
    const h = expandPrompts({ mode: 'template', list: '', template: '{a}{b}{c}{d}', values: { a: huge, b: huge, c: huge, d: huge } }, 999);
    expect(h).toEqual({ ok: false, error: { code: 'tooMany', count: 1e12, limit: 999 } });
  });

  it('refuses a prompt longer than a cell can name', () => {
    const r = expandPrompts({ mode: 'template', list: '', template: '{a}', values: { a: 'x'.repeat(4001) } }, LIMIT);
    expect(r).toEqual({ ok: false, error: { code: 'tooLong', max: 4000 } });
  });
});

describe('a list of values', () => {
  it('is one per line, trimmed, without blanks or repeats, unicode kept whole', () => {
    expect(valuesOf('猫\n  🦊 fox \n\n猫\n')).toEqual(['猫', '🦊 fox']);
  });
});
