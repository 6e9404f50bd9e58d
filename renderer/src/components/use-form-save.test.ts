/** Where a form puts the host's refusal (use-form-save.ts): at the field its parameter names. */
import { describe, expect, it } from 'vitest';
import type { ErrorData } from '@shared/contract/index.js';
import { fieldAtFault } from './use-form-save.js';

const refusal = (param: string | undefined, code: ErrorData['code'] = 'invalid_input'): ErrorData => ({ code, message: 'no', retryable: false, param });
const PROFILE = ['name', 'baseUrl', 'apiKey'] as const;
const MCP = ['name', 'command', 'args', 'env', 'url', 'token'] as const;

describe('the field a refusal names', () => {
  it('reads the parameter as a path, as the contract check and the services name it', () => {
    expect(fieldAtFault(refusal('baseUrl'), PROFILE)).toBe('baseUrl');
    expect(fieldAtFault(refusal('input.baseUrl'), PROFILE)).toBe('baseUrl');
    expect(fieldAtFault(refusal('spec.command'), MCP)).toBe('command');
    // A variable's own name is no field of the form, even one called like a field.
    expect(fieldAtFault(refusal('spec.env.url'), MCP)).toBe('env');
    expect(fieldAtFault(refusal('token'), MCP)).toBe('token');
  });

  it('puts anything else on the form: no parameter, an unknown one, or a refusal that is not about the input', () => {
    expect(fieldAtFault(refusal(undefined), PROFILE)).toBeUndefined();
    expect(fieldAtFault(refusal('input.colour'), PROFILE)).toBeUndefined();
    expect(fieldAtFault(refusal('baseUrl', 'unreachable'), PROFILE)).toBeUndefined();
  });
});
