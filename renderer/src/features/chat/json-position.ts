/**
 * Where a JSON text first goes wrong, as an offset and a plain reason. Browsers' JSON.parse
 * messages differ and often give no position, so the schema editor finds it itself: a small
 * scanner that only validates (JSON.parse still builds the value).
 */
export interface JsonProblem {
  offset: number;
  reason: string;
}

export function findJsonProblem(text: string): JsonProblem | undefined {
  let i = 0;
  const fail = (reason: string): never => {
    throw { offset: i, reason } satisfies JsonProblem;
  };
  const ws = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i])) i++;
  };
  const describe = () => (i >= text.length ? 'the text ends' : `unexpected ${JSON.stringify(text[i])}`);
  const literal = (word: string) => {
    if (text.startsWith(word, i)) i += word.length;
    else fail(`${describe()} (expected a value)`);
  };
  const string = () => {
    i++; // opening quote
    while (i < text.length && text[i] !== '"') {
      if (text[i] === '\n') fail('a string is not closed on its line');
      if (text[i] === '\\') {
        i++;
        if (text[i] === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 1, i + 5))) fail('a \\u escape needs four hex digits');
          i += 4;
        } else if (!'"\\/bfnrt'.includes(text[i] ?? '')) fail('unknown escape in a string');
      }
      i++;
    }
    if (i >= text.length) fail('a string is not closed');
    i++;
  };
  const number = () => {
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i));
    if (!m) fail(`${describe()} (expected a value)`);
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
    fail(`${describe()} (expected a value)`);
  };
  const object = () => {
    i++;
    ws();
    if (text[i] === '}') return void i++;
    for (;;) {
      ws();
      if (text[i] !== '"') fail(`${describe()} (expected a property name in double quotes)`);
      string();
      ws();
      if (text[i] !== ':') fail(`${describe()} (expected ":")`);
      i++;
      value();
      ws();
      if (text[i] === ',') {
        i++;
        ws();
        if (text[i] === '}') fail('a comma before "}" (trailing commas are not allowed)');
        continue;
      }
      if (text[i] === '}') return void i++;
      fail(`${describe()} (expected "," or "}")`);
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
      fail(`${describe()} (expected "," or "]")`);
    }
  };
  try {
    value();
    ws();
    if (i < text.length) fail('more text after the end of the JSON');
    return undefined;
  } catch (e) {
    return e as JsonProblem;
  }
}
