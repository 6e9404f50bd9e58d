/** The Chat defaults form: what a creator may type, and what is saved. */
import { describe, expect, it } from 'vitest';
import { ChatDefaults, DEFAULT_CHAT_DEFAULTS } from '@shared/contract/chat.js';
import { checkDefaults, draftOfDefaults, type DefaultsDraft } from './chat-defaults-form.js';

const draft = (patch: Partial<DefaultsDraft> = {}): DefaultsDraft => ({ ...draftOfDefaults(DEFAULT_CHAT_DEFAULTS), ...patch });
const numbers = (n: Partial<DefaultsDraft['numbers']>) => ({ ...draft().numbers, ...n });

describe('Chat defaults form', () => {
  it('saves what checks out: empty numbers are the gateway\'s default, the API follows a model that does not take it', () => {
    const r = checkDefaults(draft({ model: ' modela-4-vision ', api: 'chat', numbers: numbers({ temperature: '0.4', max_tokens: '' }), n: '3' }), DEFAULT_CHAT_DEFAULTS);
    expect(r).toEqual({ defaults: { ...DEFAULT_CHAT_DEFAULTS, model: 'modela-4-vision', api: 'responses', temperature: 0.4, n: 3 } });
    if ('defaults' in r) expect(ChatDefaults.safeParse(r.defaults).success).toBe(true);
    // A model of the creator's own goes through chat completions.
    expect(checkDefaults(draft({ model: 'modelz-9', api: 'native' }), DEFAULT_CHAT_DEFAULTS)).toMatchObject({ defaults: { model: 'modelz-9', api: 'chat' } });
  });

  it('names every field at fault and saves nothing', () => {
    const r = checkDefaults(draft({ model: '  ', numbers: numbers({ temperature: '2.5', top_p: 'abc', max_tokens: '1.5', presence_penalty: '-3' }), n: '9' }), DEFAULT_CHAT_DEFAULTS);
    expect(r).toEqual({
      problems: [
        { field: 'model', kind: 'required' }, { field: 'temperature', kind: 'between' }, { field: 'top_p', kind: 'notNumber' },
        { field: 'max_tokens', kind: 'whole' }, { field: 'presence_penalty', kind: 'between' }, { field: 'n', kind: 'nRange' },
      ],
    });
    expect(checkDefaults(draft({ n: '' }), DEFAULT_CHAT_DEFAULTS)).toEqual({ problems: [{ field: 'n', kind: 'nRange' }] });
  });
});
