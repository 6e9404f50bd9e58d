/** A function call's arguments against its tool's schema, as a model may get them wrong. */
import { describe, expect, it } from 'vitest';
import { englishText } from '@shared/messages/index.js';
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
const problems = (name: string, args: string, offered = [WEATHER]) => argumentProblems(name, args, offered).map((m) => englishText(m));

describe('checking the arguments a model wrote', () => {
  it('accepts arguments that fit the schema', () => {
    expect(problems('get_weather', '{"city":"Oslo","days":3,"units":"metric"}')).toEqual([]);
  });

  it('names each field that does not fit, in the schema checker\'s own words', () => {
    const found = problems('get_weather', '{"days":40,"units":"kelvin","colour":"red"}');
    expect(found).toEqual(expect.arrayContaining([
      expect.stringMatching(/^\/: must have required property 'city'/),
      expect.stringMatching(/^\/days: must be <= 14/),
      expect.stringMatching(/^\/units: must be equal to one of the allowed values/),
      expect.stringMatching(/^\/: must NOT have additional properties \(colour\)/),
    ]));
  });

  it('says so when the arguments are not JSON, or not an object', () => {
    expect(problems('get_weather', '{"city": "Oslo"')).toEqual(['The arguments are not valid JSON.']);
    expect(problems('get_weather', '["Oslo"]')).toEqual(['The arguments are not a JSON object.']);
    expect(problems('get_weather', '')).toEqual(['The arguments are not valid JSON.']);
  });

  it('says so when the model asks for a tool the conversation did not offer', () => {
    expect(problems('delete_everything', '{}')).toEqual(['The model asked for delete_everything, which this conversation does not offer.']);
  });

  it('reports a schema that cannot be compiled instead of failing the reply', () => {
    const broken: OfferedTool = { name: 'odd', parameters: { type: 'object', properties: { a: { type: 'no-such-type' } } } };
    expect(problems('odd', '{"a":1}', [broken])[0]).toMatch(/^The tool's schema could not be used to check the arguments: /);
  });

  it('keeps a long list of problems short', () => {
    const many: OfferedTool = { name: 'many', parameters: { type: 'object', properties: Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`p${i}`, { type: 'string' }])), required: Array.from({ length: 20 }, (_, i) => `p${i}`) } };
    expect(problems('many', '{}', [many])).toHaveLength(8);
  });
});
