// @vitest-environment happy-dom
/**
 * What the Image form says at a field does not depend on the language shown: the same drafts and
 * the same host answers put an error at the same fields in Chinese as in English, each in the
 * language shown, naming the field by the label the form gives it and never by its wire name.
 * Nothing is inferred from translated wording.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ErrorData } from '@shared/contract/error-data.js';
import { msg } from '@shared/messages/message.js';
import { i18n, setLanguage } from '../../../i18n/index.js';
import { formatsFor } from '../../../i18n/format.js';
import type { StudioLanguage } from '../../../i18n/languages.js';
import '../strings/register.js';
import { hostErrors, INITIAL_DRAFT, validate, type ImageDraft } from './image-draft.js';

afterEach(() => setLanguage('en'));

const LABELS: Record<StudioLanguage, { count: string; prompt: string; size: string }> = {
  en: { count: 'Number of images', prompt: 'Prompt', size: 'Size' },
  'zh-CN': { count: '张数', prompt: '提示词', size: '尺寸' },
};
/** A wire name or a JSON type: words for developers, not for a field's creator. */
const JARGON = /'n'|'size'|'prompt'|JSON|\bMust\b/;

const draft = (patch: Partial<ImageDraft>): ImageDraft => ({ ...INITIAL_DRAFT, model: 'seedream-4-0', prompt: 'a fox', size: '1:1', resolution: '1K', n: '1', ...patch });

const BAD_DRAFTS: Record<string, Partial<ImageDraft>> = {
  'too many images': { n: '5' },
  'no images': { n: '0' },
  'a count that is no number': { n: 'five' },
  'an empty prompt': { prompt: '   ' },
  'a size the model lacks': { size: '21:9' },
  'all of these at once': { n: '9', prompt: '', size: '9:21' },
};

async function inLanguage(language: StudioLanguage) {
  await setLanguage(language);
  return { t: i18n.getFixedT(language, 'image'), f: formatsFor(language) };
}

describe('the Image form\'s field errors in each language', () => {
  for (const [name, patch] of Object.entries(BAD_DRAFTS)) {
    it(`${name}: the same fields in Chinese as in English, each naming its field by its label`, async () => {
      const shown: Partial<Record<StudioLanguage, Record<string, string>>> = {};
      for (const language of ['en', 'zh-CN'] as const) {
        const { t, f } = await inLanguage(language);
        const errors = validate(draft(patch), t, f);
        shown[language] = errors;
        for (const [field, text] of Object.entries(errors)) {
          expect(text, `${language} ${field}`).not.toMatch(JARGON);
          const label = LABELS[language][field === 'n' ? 'count' : (field as 'prompt' | 'size')];
          expect(text, `${language} ${field}`).toContain(label);
        }
      }
      expect(Object.keys(shown['zh-CN']!).sort()).toEqual(Object.keys(shown.en!).sort());
      expect(Object.keys(shown.en!).length).toBeGreaterThan(0);
    });
  }

  const refusal = (e: Partial<ErrorData>): ErrorData => ({ code: 'invalid_request', message: '', retryable: false, ...e });
  const ANSWERS: Record<string, ErrorData> = {
    'a rule naming the parameter': refusal({
      param: 'request.n', text: msg('rules.param.intRange', { name: 'n', min: 1, max: 4 }), message: "'n' must be a JSON integer from 1 to 4 (a number, not a string)",
    }),
    'a refusal that names the field only as its param': refusal({
      param: 'n', text: msg('gateway.failure.refused', { detail: "'n' is out of range" }), message: "The gateway refused the request: 'n' is out of range",
    }),
    'a refusal with only the gateway\'s own English words': refusal({ param: 'n', message: "'n' must be a JSON integer from 1 to 4 (a number, not a string)" }),
  };
  for (const [name, answer] of Object.entries(ANSWERS)) {
    it(`the host's answer, ${name}: at the count field, in the language shown, by its label`, async () => {
      for (const language of ['en', 'zh-CN'] as const) {
        await inLanguage(language);
        const errors = hostErrors(answer, draft({ n: '4' }));
        expect(Object.keys(errors), language).toEqual(['n']);
        expect(errors.n, language).toContain(LABELS[language].count);
        expect(errors.n, language).not.toMatch(JARGON);
      }
    });
  }
});
