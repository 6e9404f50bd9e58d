/** A function call's arguments against its tool's schema, as a model may get them wrong. */
import { describe, expect, it } from 'vitest';
import { englishText } from '@shared/messages/index.js';
import { SchemaChecker } from './schema-checker.js';
import { argumentProblems, type OfferedTool } from './tool-arguments.js';

const WEATHER: OfferedTool = {
  name: 'get_weather',
  parameters: {
    type: 'object',
    properties: { city: { type: 'string', minLength: 1 }, days: { type: 'integer', minimum: 1, maximum: 14 }, units: { enum: ['metric', 'imperial'] } },
    required: ['city'],
    additionalProperties: false,
  },
};
const problems = async (name: string, args: string, offered = [WEATHER]) => (await argumentProblems(name, args, offered)).map((m) => englishText(m));

describe('checking the arguments a model wrote', () => {
  it('accepts arguments that fit the schema', async () => {
    expect(await problems('get_weather', '{"city":"Oslo","days":3,"units":"metric"}')).toEqual([]);
  });

  it('names each field that does not fit, in the schema checker\'s own words', async () => {
    const found = await problems('get_weather', '{"days":40,"units":"kelvin","colour":"red"}');
    expect(found).toEqual(expect.arrayContaining([
      expect.stringMatching(/^\/: must have required property 'city'/),
      expect.stringMatching(/^\/days: must be <= 14/),
      expect.stringMatching(/^\/units: must be equal to one of the allowed values/),
      expect.stringMatching(/^\/: must NOT have additional properties \(colour\)/),
    ]));
  });

  it('says so when the arguments are not JSON, or not an object', async () => {
    expect(await problems('get_weather', '{"city": "Oslo"')).toEqual(['The arguments are not valid JSON.']);
    expect(await problems('get_weather', '["Oslo"]')).toEqual(['The arguments are not a JSON object.']);
    expect(await problems('get_weather', '')).toEqual(['The arguments are not valid JSON.']);
  });

  it('says so when the model asks for a tool the conversation did not offer', async () => {
    expect(await problems('delete_everything', '{}')).toEqual(['The model asked for delete_everything, which this conversation does not offer.']);
  });

  it('reports a schema that cannot be compiled instead of failing the reply', async () => {
    const broken: OfferedTool = { name: 'odd', parameters: { type: 'object', properties: { a: { type: 'no-such-type' } } } };
    expect((await problems('odd', '{"a":1}', [broken]))[0]).toMatch(/^The tool's schema could not be used to check the arguments: /);
  });

  it('keeps a long list of problems short', async () => {
    const many: OfferedTool = { name: 'many', parameters: { type: 'object', properties: Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`p${i}`, { type: 'string' }])), required: Array.from({ length: 20 }, (_, i) => `p${i}`) } };
    expect(await problems('many', '{}', [many])).toHaveLength(8);
  });
});

/** Schemas and arguments as an attacker writes them (docs/robust-host.md, "Tool schemas"). */
describe('checking against a schema that attacks the host', () => {
  const word = (pattern: string): OfferedTool => ({ name: 'word', parameters: { type: 'object', properties: { w: { type: 'string', pattern } } } });

  it('runs a catastrophic pattern in linear time: 30 and 30,000 characters are refused at once', { timeout: 30_000 }, async () => {
    for (const n of [30, 30_000]) {
      expect(await problems('word', JSON.stringify({ w: 'a'.repeat(n) + '!' }), [word('^(a+)+$')])).toEqual(['/w: must match pattern "^(a+)+$"']);
    }
    expect(await problems('word', JSON.stringify({ w: 'a'.repeat(40) }), [word('^(a+)+$')])).toEqual([]);
  });

  it('takes the patterns of JSON Schema that RE2 reads differently: unicode escapes and named groups', async () => {
    expect(await problems('word', '{"w":"é"}', [word('^\\u00e9$')])).toEqual([]);
    expect(await problems('word', '{"w":"ab"}', [word('^(?<first>a)b$')])).toEqual([]);
  });

  it('says a schema whose pattern the linear engine cannot take is unusable, and why', async () => {
    const [backref] = await problems('word', '{"w":"aa"}', [word('^(a)\\1$')]);
    expect(backref).toMatch(/^The tool's schema could not be used to check the arguments: the pattern "\^\(a\)\\\\1\$" cannot be checked by the studio's linear-time engine/);
    const keys: OfferedTool = { name: 'keys', parameters: { type: 'object', patternProperties: { '^(?!x)': { type: 'string' } } } };
    expect((await problems('keys', '{"a":"b"}', [keys]))[0]).toMatch(/cannot be checked by the studio's linear-time engine/);
  });

  it('refuses a schema over its caps before compiling it', async () => {
    const properties = Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`p${i}`, { type: 'string' }]));
    expect(await problems('huge', '{}', [{ name: 'huge', parameters: { type: 'object', properties } }]))
      .toEqual(["The tool's schema could not be used to check the arguments: the schema has more than 5000 parts (properties, subschemas and values)."]);
    let deep: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 40; i++) deep = { type: 'object', properties: { x: deep } };
    expect(await problems('deep', '{}', [{ name: 'deep', parameters: deep }])).toEqual(["The tool's schema could not be used to check the arguments: the schema is nested more than 32 levels deep."]);
    const long: OfferedTool = { name: 'long', parameters: { type: 'object', description: 'x'.repeat(300_000), properties: {} } };
    expect(await problems('long', '{}', [long])).toEqual(["The tool's schema could not be used to check the arguments: the schema is 294 KB, more than the 256 KB a tool's schema may be."]);
  });

  it('does not check arguments of many MB, and says so', async () => {
    const args = JSON.stringify({ city: 'x'.repeat(3 * 1024 * 1024) });
    expect(await problems('get_weather', args)).toEqual(["The arguments are 3.0 MB, more than the 512 KB the studio checks against the tool's schema: they were not checked. Read them before you answer."]);
  });

  it('stops a check past its time limit with a reason, and checking goes on', { timeout: 60_000 }, async () => {
    const checker = new SchemaChecker(1);
    const properties = Object.fromEntries(Array.from({ length: 1_500 }, (_, i) => [`p${i}`, { type: 'string', pattern: `^p${i}$` }]));
    const slow = { type: 'object', properties };
    try {
      const [late] = await checker.check(slow, '{}');
      expect(late).toMatchObject({ code: 'chat.tools.schemaUnusable', params: { problem: { code: 'chat.tools.checkTimeout' } } });
    } finally {
      checker.close();
    }
    expect(await problems('get_weather', '{"city":"Oslo"}')).toEqual([]);
  });
});
