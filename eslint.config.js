import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import i18next from 'eslint-plugin-i18next';

const NODE_BUILTINS = ['node:*', 'fs', 'fs/*', 'path', 'http', 'https', 'net', 'child_process', 'os', 'crypto', 'stream', 'url', 'util', 'worker_threads'];
// `electron` the module is matched by name: a pattern would also match paths like ../electron/core.
const ELECTRON = { name: 'electron', message: 'Only electron/adapters, electron/main.ts and electron/preload.ts import electron.' };
const restrict = (...patterns) => ['error', { paths: [ELECTRON], patterns }];
const RAW_HTML = [
  "JSXAttribute[name.name='dangerouslySetInnerHTML']",
  "Property[key.name='dangerouslySetInnerHTML']",
  "Property[key.value='dangerouslySetInnerHTML']",
  'AssignmentExpression > MemberExpression.left[property.name=/^(inner|outer)HTML$/]',
  "CallExpression[callee.property.name=/^(insertAdjacentHTML|createContextualFragment)$/]",
  "CallExpression[callee.object.name='document'][callee.property.name=/^write(ln)?$/]",
];

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', 'out/**', 'release/**', 'test-results/**', 'playwright-report/**', 'bench/results*'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Only the desktop adapters, main.ts and preload.ts may import electron (docs/house-rules.md,
      // "The folder names the runtime").
      'no-restricted-imports': restrict(),
      // Raw HTML is how Markdown-to-code-execution chains start: as a JSX prop, a createElement
      // prop, or a DOM sink.
      'no-restricted-syntax': ['error', ...RAW_HTML.map((selector) => ({ selector, message: 'No raw HTML: render through the sanitizing components.' }))],
    },
  },
  {
    files: ['electron/adapters/**/*.ts', 'electron/main.ts', 'electron/preload.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // shared/ is pure TypeScript, usable from every runtime.
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict(
        { group: NODE_BUILTINS, message: 'shared/ must not import Node modules.' },
        { group: ['react', 'react-dom', 'react/*'], message: 'shared/ must not import runtime-specific modules.' },
        { group: ['**/electron/**', '**/renderer/**', '**/sandbox/**'], message: 'shared/ depends on nothing else in the project.' },
      ),
    },
  },
  {
    // The renderer is sandboxed web content: it reaches the host only through the contract.
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': restrict(
        { group: NODE_BUILTINS, message: 'The renderer must not import Node modules.' },
        { group: ['**/electron/**', '**/sandbox/**'], message: 'The renderer reaches the host only through shared/contract.' },
      ),
    },
  },
  {
    // docs/house-rules.md, "Languages": every word a creator reads or hears goes through t()
    // (renderer/src/i18n), in English and Simplified Chinese; a literal in the markup, or in an
    // attribute that is read out or shown, is a string missing from one of them.
    files: ['renderer/src/**/*.tsx'],
    ignores: ['renderer/src/**/*.test.tsx'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': ['error', {
        mode: 'jsx-only',
        'jsx-attributes': { include: ['^aria-(label|description|roledescription|valuetext|placeholder)$', '^(title|placeholder|alt|label|hint|heading|summary)$'] },
        // Symbols, separators, key names, units and example addresses read the same in every language.
        words: { exclude: ['[0-9!-/:-@[-`{-~\\s·—–…×↑↓←→↻⚠✓✕✎•]+', '[A-Z_-]+', '^(Esc|Enter|Tab|Shift|Home|End|Ctrl|KB|MB|GB|JSON|URL|IMG|n)$', '^https?://\\S*$'] },
        // State setters and lookups take identifiers, not words.
        callees: { exclude: ['^set[A-Z]\\w*$', '^ignored(By)?$', 't', 'i18n(ext)?', 'require', 'addEventListener', 'removeEventListener', 'postMessage', 'getElementById', 'dispatch', 'commit', 'includes', 'indexOf', 'endsWith', 'startsWith'] },
      }],
    },
  },
  {
    // The core runs in Electron, the browser shell and Vitest: no electron, no renderer.
    files: ['electron/core/**/*.ts', 'browser-shell/**/*.ts', 'sandbox/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict(
        { group: ['**/renderer/**', '**/adapters/**'], message: 'The host does not depend on the renderer or the desktop adapters.' },
      ),
    },
  },
  {
    // Tests read loosely-typed JSON bodies; zod schemas check the shapes that matter.
    files: ['**/*.test.ts', '**/test/**/*.ts', 'e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
