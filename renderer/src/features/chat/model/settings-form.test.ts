import { describe, expect, it } from 'vitest';
import { DEFAULT_CHAT_SETTINGS } from '@shared/contract/chat.js';
import { i18n } from '../../../i18n/index.js';
import '../strings/register.js';
import { apiLacks, effectiveApi, formFromSettings, ignoredBy, responsesModelOf, settingsFromForm, type SettingsForm } from './settings-form.js';

const t = i18n.getFixedT('en', 'chat');
const form = (patch: Partial<SettingsForm> = {}): SettingsForm => ({ ...formFromSettings(DEFAULT_CHAT_SETTINGS), ...patch });
const numbers = (patch: Partial<SettingsForm['numbers']>) => ({ ...form().numbers, ...patch });

describe('settingsFromForm', () => {
  it('round-trips the defaults without a problem', () => {
    const { settings, errors } = settingsFromForm(form(), t);
    expect(errors).toEqual({});
    expect({ ...DEFAULT_CHAT_SETTINGS, ...settings }).toEqual({ ...DEFAULT_CHAT_SETTINGS, temperature: undefined, top_p: undefined, max_tokens: undefined, frequency_penalty: undefined, presence_penalty: undefined });
  });

  it('checks each number against the spec ranges; empty means default and clears', () => {
    const { settings, errors } = settingsFromForm(form({ numbers: numbers({ temperature: '2.5', top_p: '0.5', max_tokens: '1.5', frequency_penalty: '-3', presence_penalty: '' }) }), t);
    expect(errors).toEqual({
      temperature: 'Temperature is 0 to 2.',
      max_tokens: 'Max tokens is a whole number.',
      frequency_penalty: 'Frequency penalty is -2 to 2.',
    });
    expect(settings.top_p).toBe(0.5);
    expect('presence_penalty' in settings && settings.presence_penalty === undefined).toBe(true);
    // A field at fault is not in the settings to save.
    expect('temperature' in settings).toBe(false);
  });

  it('keeps at most four stop sequences, drops empty ones, and bounds n', () => {
    expect(settingsFromForm(form({ stop: ['a', '', 'b'] }), t).settings.stop).toEqual(['a', 'b']);
    expect(settingsFromForm(form({ stop: ['a', 'b', 'c', 'd', 'e'] }), t).errors.stop).toBe('At most 4 stop sequences.');
    expect(settingsFromForm(form({ n: '9' }), t).errors.n).toMatch(/1 to 8/);
    expect(settingsFromForm(form({ n: '3' }), t).settings.n).toBe(3);
  });

  it('bounds the tool rounds to 1-50 whole rounds; a conversation saved without them gets 8', () => {
    expect(settingsFromForm(form({ toolRounds: '12' }), t).settings.toolRounds).toBe(12);
    for (const bad of ['0', '51', '2.5', '', 'many']) {
      const { settings, errors } = settingsFromForm(form({ toolRounds: bad }), t);
      expect(errors.toolRounds).toBe('Tool rounds is a whole number from 1 to 50.');
      expect('toolRounds' in settings).toBe(false);
    }
    const { toolRounds: _, ...older } = DEFAULT_CHAT_SETTINGS;
    expect(formFromSettings(older as typeof DEFAULT_CHAT_SETTINGS).toolRounds).toBe('8');
  });

  it('saves only the valid function tools and the MCP server only with an http(s) address', () => {
    const functions = [
      { key: 'a', name: 'ok_fn', description: '', schema: '{"type":"object","properties":{}}' },
      { key: 'b', name: 'bad fn', description: '', schema: '{"type":"object","properties":{}}' },
      { key: 'c', name: 'bad_schema', description: '', schema: '{' },
    ];
    const { settings, errors } = settingsFromForm(form({ functions, mcpEnabled: true, mcpUrl: 'ftp://x' }), t);
    expect(settings.tools?.functions.map((f) => f.name)).toEqual(['ok_fn']);
    expect(Object.keys(errors).sort()).toEqual(['fn:b:name', 'fn:c:schema', 'mcpUrl']);
    expect(settings.tools?.mcp.enabled).toBe(false);
  });

  it('keeps the chosen API when the model takes it, else the first API the model has; an older Auto stays', () => {
    expect(settingsFromForm(form({ model: 'modela-5', api: 'native' }), t).settings.api).toBe('chat');
    expect(settingsFromForm(form({ model: 'modelc-2.5-pro', api: 'native' }), t).settings.api).toBe('native');
    expect(settingsFromForm(form({ model: 'modela-4-vision', api: 'chat' }), t).settings.api).toBe('responses');
    expect(settingsFromForm(form({ model: 'modelb-opus-4-1-20250805', api: 'responses' }), t).settings.api).toBe('chat');
    expect(settingsFromForm(form({ model: 'modelb-opus-4-1-20250805', api: 'auto' }), t).settings.api).toBe('auto');
    expect(settingsFromForm(form({ model: '  ' }), t).errors.model).toBeDefined();
  });
});

describe('effectiveApi', () => {
  const s = DEFAULT_CHAT_SETTINGS;
  it('is the API the creator chose; only an older conversation\'s Auto takes images and tools to the responses API', () => {
    expect(effectiveApi(s, true)).toBe('chat');
    expect(effectiveApi({ ...s, api: 'responses' }, false)).toBe('responses');
    expect(effectiveApi({ ...s, model: 'modelc-2.5-flash', api: 'native' }, true)).toBe('native');
    const auto = { ...s, api: 'auto' as const };
    expect(effectiveApi(auto, false)).toBe('chat');
    expect(effectiveApi(auto, true)).toBe('responses');
    expect(effectiveApi({ ...auto, tools: { ...s.tools, webSearch: true } }, false)).toBe('responses');
  });

  it('says what the API of a turn cannot carry', () => {
    expect(apiLacks('chat', s, true)).toBe('images');
    expect(apiLacks('chat', { tools: { ...s.tools, webSearch: true } }, false)).toBe('tools');
    expect(apiLacks('native', { tools: { ...s.tools, mcpServers: ['x'] } }, true)).toBe('tools');
    expect(apiLacks('responses', { tools: { ...s.tools, webSearch: true } }, true)).toBeUndefined();
    expect(apiLacks('chat', s, false)).toBeUndefined();
  });

  it('names the parameters each API ignores, and the responses model', () => {
    expect(ignoredBy('responses', 'presence_penalty')).toBe(true);
    expect(ignoredBy('responses', 'temperature')).toBe(false);
    expect(ignoredBy('chat', 'n')).toBe(false);
    expect(ignoredBy('native', 'tools')).toBe(true);
    expect(responsesModelOf({ model: 'modelb-opus-4-1-20250805', responsesModel: 'modela-4-vision' })).toBe('modela-4-vision');
    expect(responsesModelOf({ model: 'modela-5', responsesModel: 'modela-4-vision' })).toBe('modela-5');
  });
});
