import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

// The rules ESLint keeps: no raw HTML, every word translated. Which folder may import what is
// dependency-cruiser's (scripts/layering.test.ts).
const eslint = new ESLint({ cwd: process.cwd() });

async function ruleErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

describe('lint forbids raw HTML', () => {
  it.each([
    ['a JSX prop', 'export const A = () => <div dangerouslySetInnerHTML={{ __html: "x" }} />;\n'],
    ['a spread prop', 'export const A = () => <div {...{ dangerouslySetInnerHTML: { __html: "x" } }} />;\n'],
    ['a createElement prop', "import { createElement } from 'react';\nexport const a = createElement('div', { dangerouslySetInnerHTML: { __html: 'x' } });\n"],
    ['a quoted prop name', "export const p = { 'dangerouslySetInnerHTML': { __html: 'x' } };\n"],
    ['innerHTML', "export function f(el: HTMLElement) { el.innerHTML = '<b>x</b>'; }\n"],
    ['outerHTML', "export function f(el: HTMLElement) { el.outerHTML += '<b>x</b>'; }\n"],
    ['insertAdjacentHTML', "export function f(el: HTMLElement) { el.insertAdjacentHTML('beforeend', '<b>x</b>'); }\n"],
    ['createContextualFragment', "export const f = (r: Range) => r.createContextualFragment('<b>x</b>');\n"],
    ['document.write', "export const f = () => document.write('<b>x</b>');\n"],
  ])('forbids raw HTML in the renderer: %s', async (_kind, code) => {
    const errors = await ruleErrors('renderer/src/x.tsx', code);
    expect(errors.join()).toMatch(/No raw HTML/);
  });

  it('still allows reading HTML and ordinary props', async () => {
    const code = "export const A = (p: { el: HTMLElement }) => <div title={p.el.innerHTML} className=\"x\" />;\n";
    expect(await ruleErrors('renderer/src/x.tsx', code)).toEqual([]);
  });
});

describe('lint keeps import() where the layering check can see it', () => {
  it('refuses a computed specifier, which no import checker can follow', async () => {
    const code = "const where = '../../sandbox/server.js';\nexport const load = () => import(where);\n";
    expect((await ruleErrors('host/x.ts', code)).join()).toMatch(/literal specifier/);
    expect((await ruleErrors('host/x.ts', 'export const load = (s: string) => import(`@sandbox/${s}`);\n')).join()).toMatch(/literal specifier/);
  });

  it('lets a written-out specifier through, for dependency-cruiser to judge', async () => {
    expect(await ruleErrors('host/x.ts', "export const load = () => import('sharp');\n")).toEqual([]);
  });
});

describe('lint finds words not translated (docs/house-rules.md, Languages)', () => {
  const untranslated = async (code: string) => {
    const [result] = await eslint.lintText(code, { filePath: 'renderer/src/features/x/x.tsx' });
    return result.messages.filter((m) => m.ruleId === 'i18next/no-literal-string').length;
  };
  // The rule reads components written as functions (the studio's style); scripts/untranslated.test.ts
  // covers every form of component.
  const component = (jsx: string) => `export function A(p: { ok: boolean }) {\n  return ${jsx};\n}\n`;

  it.each([
    ['text in the markup', component('<p>Saved to your library {String(p.ok)}</p>')],
    ['a label read out', component('<button type="button" aria-label="Close the viewer">×</button>')],
    ['a tooltip', component('<span title="Refresh balance">↻</span>')],
    ['a placeholder', component('<input placeholder="Search prompts" />')],
    ['a text in an expression', component("<p>{p.ok ? 'Ready' : 'Failed'}</p>")],
  ])('flags %s', async (_kind, code) => {
    expect(await untranslated(code)).toBeGreaterThan(0);
  });

  it('lets through translated text, symbols, key names, identifiers and example addresses', async () => {
    const code = [
      "import { useTranslation } from 'react-i18next';",
      'export function A({ on }: { on(mode: string): void }) {',
      "  const { t } = useTranslation('common');",
      "  return <div className=\"x\" data-testid=\"y\"><kbd>Esc</kbd> · <input placeholder=\"https://example.com/photo.jpg\" /><button type=\"button\" onClick={() => on('rename')} aria-label={t('close')}>×</button></div>;",
      '}',
      '',
    ].join('\n');
    expect(await untranslated(code)).toBe(0);
  });
});
