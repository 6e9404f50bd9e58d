/**
 * No word of the studio's screens is left out of the translations (docs/house-rules.md,
 * "Languages"). Every .tsx file of the renderer is parsed, and any text a creator would read or hear that is written in the code,
 * instead of coming from renderer/src/i18n (English and Simplified Chinese, whose keys
 * renderer/src/i18n/i18n.test.ts holds equal), fails this test with its place. ESLint's
 * i18next rule says the same while editing, but skips components written as arrow functions.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', 'renderer', 'src');

/** Attributes that are shown or read out. */
const PERCEIVED = /^(aria-(label|description|roledescription|valuetext|placeholder)|title|placeholder|alt|label|hint|heading|summary)$/;

/** Words that read the same in every language: key names, units, example addresses and ids. */
const SAME_EVERYWHERE = /^(Esc|Enter|Tab|Shift|Home|End|Ctrl|KB|MB|GB|JSON|URL|IMG|https?:\/\/\S*|get_weather)$/;

const hasWords = (text: string) => /\p{L}{2,}/u.test(text) && !SAME_EVERYWHERE.test(text.trim());

function tsxFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return tsxFiles(path);
    return e.name.endsWith('.tsx') && !e.name.endsWith('.test.tsx') ? [path] : [];
  });
}

/** Text written in the markup, or in an attribute that is shown or read out. */
export function literalsIn(file: string, source: string): string[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const at = (node: ts.Node, text: string) => {
    const { line } = sf.getLineAndCharacterOfPosition(node.getStart(sf));
    found.push(`${relative(ROOT, file)}:${line + 1}: ${JSON.stringify(text.trim())}`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && hasWords(node.text)) at(node, node.text);
    if (ts.isJsxAttribute(node) && PERCEIVED.test(node.name.getText(sf)) && node.initializer) {
      const init = node.initializer;
      const text = ts.isStringLiteral(init) ? init.text : ts.isJsxExpression(init) && init.expression && ts.isStringLiteralLike(init.expression) ? init.expression.text : undefined;
      if (text !== undefined && hasWords(text)) at(node, text);
    }
    // A string shown as a child: {'Ready'} or {ok ? 'Ready' : 'Failed'}.
    if (ts.isJsxExpression(node) && node.expression && ts.isJsxElement(node.parent)) {
      const strings: ts.StringLiteralLike[] = [];
      // Only the values that can be shown: the branches of a ?:, the operands of && || ?? (not a comparison's).
      const collect = (n: ts.Node) => {
        if (ts.isStringLiteralLike(n)) strings.push(n);
        else if (ts.isParenthesizedExpression(n)) collect(n.expression);
        else if (ts.isConditionalExpression(n)) [n.whenTrue, n.whenFalse].forEach(collect);
        else if (ts.isBinaryExpression(n) && [ts.SyntaxKind.AmpersandAmpersandToken, ts.SyntaxKind.BarBarToken, ts.SyntaxKind.QuestionQuestionToken].includes(n.operatorToken.kind)) [n.left, n.right].forEach(collect);
      };
      collect(node.expression);
      for (const s of strings) if (hasWords(s.text)) at(s, s.text);
    }
    node.forEachChild(visit);
  };
  visit(sf);
  return found;
}

describe('the renderer writes no words outside its translations', () => {
  it('finds a word in any form of component (the check itself)', () => {
    const code = [
      'export const A = () => <p>Saved to your library</p>;',
      'export const B = (p: { ok: boolean }) => <b title="Refresh">{p.ok ? "Ready" : "x"}</b>;',
      "export function C() { return <kbd>Esc</kbd>; }",
    ].join('\n');
    expect(literalsIn(join(ROOT, 'x.tsx'), code).map((l) => l.replace(/^.*: /, ''))).toEqual(['"Saved to your library"', '"Refresh"', '"Ready"']);
  });

  it('has every text of every screen in the translations', () => {
    const files = tsxFiles(ROOT);
    expect(files.length).toBeGreaterThan(50);
    expect(files.flatMap((f) => literalsIn(f, readFileSync(f, 'utf8')))).toEqual([]);
  });
});
