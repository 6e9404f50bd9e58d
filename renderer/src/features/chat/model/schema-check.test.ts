import { describe, expect, it } from 'vitest';
import { checkFunctionName, checkSchema } from './schema-check.js';
import { findJsonProblem } from './json-position.js';
import { i18n } from '../../../i18n/index.js';
import '../strings/register.js';

const t = i18n.getFixedT('en', 'chat');

describe('checkSchema', () => {
  it('accepts an object schema, with or without required', () => {
    expect(checkSchema('{"type":"object","properties":{}}', t)).toEqual({ ok: true, schema: { type: 'object', properties: {} } });
    expect(checkSchema('{"type":"object","properties":{"city":{"type":"string"}},"required":["city"]}', t).ok).toBe(true);
  });

  it('says where JSON goes wrong, in lines and columns', () => {
    expect(checkSchema('{\n  "type": "object",\n  "properties": {},\n}', t)).toEqual({
      ok: false,
      message: 'Not valid JSON at line 4, column 1: a comma before "}" (trailing commas are not allowed).',
    });
    expect(checkSchema('{"type": object}', t)).toMatchObject({ message: 'Not valid JSON at line 1, column 10: unexpected "o" (expected a value).' });
    expect(checkSchema('{"type": "object"', t)).toMatchObject({ message: 'Not valid JSON at line 1, column 18: the text ends (expected "," or "}").' });
    expect(checkSchema("{'type': 'object'}", t)).toMatchObject({ message: expect.stringContaining('expected a property name in double quotes') });
  });

  it('refuses what is not an object schema with a properties object', () => {
    expect(checkSchema('[]', t)).toMatchObject({ message: 'The schema must be a JSON object ({ … }).' });
    expect(checkSchema('{"type":"array"}', t)).toMatchObject({ message: 'The schema\'s "type" must be "object".' });
    expect(checkSchema('{"type":"object"}', t)).toMatchObject({ message: expect.stringContaining('needs a "properties" object') });
    expect(checkSchema('{"type":"object","properties":[]}', t)).toMatchObject({ ok: false });
    expect(checkSchema('   ', t)).toMatchObject({ ok: false });
  });

  it('refuses a required list naming unknown properties, naming them', () => {
    expect(checkSchema('{"type":"object","properties":{"a":{}},"required":["a","b","c"]}', t)).toMatchObject({
      message: '"required" names properties not in "properties": "b", "c".',
    });
    expect(checkSchema('{"type":"object","properties":{},"required":"a"}', t)).toMatchObject({ message: '"required" must be a list of property names.' });
  });
});

describe('findJsonProblem', () => {
  it('finds nothing wrong in valid JSON of every kind', () => {
    for (const text of ['{}', '[1, -2.5e3, "x\\u00e9\\n", true, false, null, {"a": [ ]}]', ' "s" ', '0']) expect(findJsonProblem(text, t)).toBeUndefined();
  });

  it('agrees with JSON.parse on what is invalid', () => {
    for (const text of ['', '{', '[1,]', '{"a":1 "b":2}', '01', '"\\x"', '{"a":1} x', 'tru', '"line\nbreak"']) {
      expect(() => JSON.parse(text)).toThrow();
      expect(findJsonProblem(text, t)).toBeDefined();
    }
  });
});

describe('checkFunctionName', () => {
  it('takes 1-64 letters, digits, _ or - and no repeats', () => {
    expect(checkFunctionName('get_weather-2', [], t)).toBeUndefined();
    expect(checkFunctionName('', [], t)).toBe('Give the function a name.');
    expect(checkFunctionName('get weather', [], t)).toMatch(/letters, digits/);
    expect(checkFunctionName('x'.repeat(65), [], t)).toMatch(/1-64/);
    expect(checkFunctionName('a', ['a'], t)).toMatch(/already/);
  });
});

describe('in Simplified Chinese', () => {
  it('says where and what, in the language the studio shows', async () => {
    const { chat } = await import('../strings/zh-CN.js');
    i18n.addResourceBundle('zh-CN', 'chat', chat, true, true);
    const zh = i18n.getFixedT('zh-CN', 'chat');
    expect(checkSchema('{"type": "object"', zh)).toMatchObject({ message: '第 1 行第 18 列处不是有效的 JSON：文本意外结束（此处应为 "," 或 "}"）。' });
    expect(checkSchema('{"type":"object","properties":{},"required":["a","b"]}', zh)).toMatchObject({ message: '"required" 中的属性不在 "properties" 中："a"、"b"。' });
    expect(checkFunctionName('', [], zh)).toBe('请为函数命名。');
  });
});
