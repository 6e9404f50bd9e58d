import { describe, expect, it } from 'vitest';
import { PriceTable } from '@shared/contract/ledger-quote.js';
import { checkDraft, draftOf, EMPTY_DRAFT, type PriceDraft } from './price-table.js';

const draft = (d: Partial<PriceDraft>): PriceDraft => ({ ...EMPTY_DRAFT, ...d });

describe('the price table form', () => {
  it('turns yuan as typed into the ten-thousandths the host keeps, and back', () => {
    const r = checkDraft(draft({ kind: 'image', model: ' seedream-4-0 ', unitClass: ' 2K ', price: '¥0.25' }), []);
    expect(r).toEqual({ entry: { kind: 'image', model: 'seedream-4-0', unitClass: '2K', price: 2500 } });
    const text = checkDraft(draft({ kind: 'text', model: 'modela-5', input: '0.0003', output: '.0012' }), []);
    expect(text).toEqual({ entry: { kind: 'text', model: 'modela-5', input: 3, output: 12 } });
    // A price finer than the gateway's step is kept (the call's money is rounded once, at the end).
    expect(checkDraft(draft({ kind: 'speech', model: 'tts-1', price: '0.00005' }), [])).toEqual({ entry: { kind: 'speech', model: 'tts-1', price: 0.5 } });
    expect(draftOf({ kind: 'text', model: 'm', input: 3, output: 12, thinking: 7 })).toMatchObject({ input: '0.0003', output: '0.0012', thinking: '0.0007' });
    // What the form makes, the contract accepts.
    if ('entry' in text) expect(PriceTable.safeParse({ entries: [text.entry] }).success).toBe(true);
  });

  it('names each field a slip is in, and never saves a guess', () => {
    expect(checkDraft(draft({ kind: 'video', model: '  ', unitClass: '', price: '-1' }), [])).toEqual({ problems: { model: 'model', unitClass: 'unitClass', price: 'price' } });
    expect(checkDraft(draft({ kind: 'text', model: 'm', input: '1,5', output: 'abc', thinking: 'NaN' }), [])).toEqual({ problems: { input: 'price', output: 'price', thinking: 'price' } });
    expect(checkDraft(draft({ kind: 'speech', model: 'm', price: '1e3' }), [])).toEqual({ problems: { price: 'price' } });
    expect(checkDraft(draft({ kind: 'speech', model: 'm', price: '1000000000' }), [])).toEqual({ problems: { price: 'tooBig' } });
  });

  it('refuses a second price for the same model, unit and class, and allows another class', () => {
    const table = [{ kind: 'image' as const, model: 'seedream-4-0', unitClass: '1K', price: 1000 }];
    expect(checkDraft(draft({ kind: 'image', model: 'seedream-4-0 ', unitClass: '1K', price: '1' }), table)).toEqual({ problems: { model: 'duplicate' } });
    expect(checkDraft(draft({ kind: 'image', model: 'seedream-4-0', unitClass: '2K', price: '1' }), table)).toHaveProperty('entry');
    expect(checkDraft(draft({ kind: 'native-image', model: 'seedream-4-0', price: '1' }), table)).toHaveProperty('entry');
  });
});
