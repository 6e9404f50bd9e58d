/**
 * Where a JSON text first goes wrong, as an offset and a plain reason. Browsers' JSON.parse
 * messages differ and often give no position, so the schema editor finds it itself: a small
 * scanner that only validates (JSON.parse still builds the value). The reason is in the studio's
 * language, from the caller's `t`.
 */
import type { TFunction } from 'i18next';

export interface JsonProblem {
  offset: number;
  reason: string;
}

export function findJsonProblem(text: string, t: TFunction<'chat'>): JsonProblem | undefined {
  let i = 0;
  const fail = (reason: string): never => {
    throw { offset: i, reason } satisfies JsonProblem;
  };
  const ws = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i])) i++;
  };
  const describe = () => (i >= text.length ? t('json.ends') : t('json.unexpected', { char: JSON.stringify(text[i]) }));
  const expectedValue = () => fail(t('json.expectedValue', { found: describe() }));
  const literal = (word: string) => {
    if (text.startsWith(word, i)) i += word.length;
    else expectedValue();
  };
  const string = () => {
    i++; // opening quote
    while (i < text.length && text[i] !== '"') {
      if (text[i] === '\n') fail(t('json.lineBreakInString'));
      if (text[i] === '\\') {
        i++;
        if (text[i] === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 1, i + 5))) fail(t('json.unicodeEscape'));
          i += 4;
        } else if (!'"\\/bfnrt'.includes(text[i] ?? '')) fail(t('json.unknownEscape'));
      }
      i++;
    }
    if (i >= text.length) fail(t('json.unclosedString'));
    i++;
  };
  const number = () => {
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i));
    if (!m) expectedValue();
    i += m![0].length;
  };
  const value = (): void => {
    ws();
    const c = text[i];
    if (c === '{') return object();
    if (c === '[') return array();
    if (c === '"') return string();
    if (c === 't') return literal('true');
    if (c === 'f') return literal('false');
    if (c === 'n') return literal('null');
    if (c === '-' || (c >= '0' && c <= '9')) return number();
    expectedValue();
  };
  const object = () => {
    i++;
    ws();
    if (text[i] === '}') return void i++;
    for (;;) {
      ws();
      if (text[i] !== '"') fail(t('json.expectedName', { found: describe() }));
      string();
      ws();
      if (text[i] !== ':') fail(t('json.expectedColon', { found: describe() }));
      i++;
      value();
      ws();
      if (text[i] === ',') {
        i++;
        ws();
        if (text[i] === '}') fail(t('json.trailingComma'));
        continue;
      }
      if (text[i] === '}') return void i++;
      fail(t('json.expectedObjectEnd', { found: describe() }));
    }
  };
  const array = () => {
    i++;
    ws();
    if (text[i] === ']') return void i++;
    for (;;) {
      value();
      ws();
      if (text[i] === ',') {
        i++;
        continue;
      }
      if (text[i] === ']') return void i++;
      fail(t('json.expectedArrayEnd', { found: describe() }));
    }
  };
  try {
    value();
    ws();
    if (i < text.length) fail(t('json.trailingText'));
    return undefined;
  } catch (e) {
    return e as JsonProblem;
  }
}
