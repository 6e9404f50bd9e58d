import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';

const NODE_BUILTINS = ['node:*', 'fs', 'fs/*', 'path', 'http', 'https', 'net', 'child_process', 'os', 'crypto', 'stream', 'url', 'util', 'worker_threads'];
// `electron` the module is matched by name: a pattern would also match paths like ../electron/core.
const ELECTRON = { name: 'electron', message: 'Only electron/adapters, electron/main.ts and electron/preload.ts import electron.' };
const restrict = (...patterns) => ['error', { paths: [ELECTRON], patterns }];

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', 'out/**', 'release/**', 'test-results/**', 'playwright-report/**', 'bench/results*'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // DESIGN §3.1: only the desktop adapters, main.ts and preload.ts may import electron.
      'no-restricted-imports': restrict(),
      // Raw HTML is how Markdown-to-code-execution chains start.
      'no-restricted-syntax': ['error', { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: 'No raw HTML: render through the sanitizing components.' }],
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
    // The core runs in Electron, the browser shell and Vitest: no electron, no renderer.
    files: ['electron/core/**/*.ts', 'electron/browser-shell/**/*.ts', 'sandbox/**/*.ts'],
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
