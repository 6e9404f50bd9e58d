import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import i18next from 'eslint-plugin-i18next';

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
      // Raw HTML is how Markdown-to-code-execution chains start: as a JSX prop, a createElement
      // prop, or a DOM sink. Which folder may import what is checked by dependency-cruiser
      // (.dependency-cruiser.mjs, docs/house-rules.md "The folder names the runtime"), which follows
      // `import()` only when its specifier is written out: a computed one is refused here.
      'no-restricted-syntax': ['error',
        ...RAW_HTML.map((selector) => ({ selector, message: 'No raw HTML: render through the sanitizing components.' })),
        { selector: "ImportExpression[source.type!='Literal']", message: 'import() takes a literal specifier, so the layering check can follow it.' },
      ],
    },
  },
  {
    // The renderer is sandboxed web content (its imports: .dependency-cruiser.mjs).
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
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
    // Tests read loosely-typed JSON bodies; zod schemas check the shapes that matter.
    files: ['**/*.test.ts', '**/test/**/*.ts', 'e2e/**/*.ts', 'desktop-e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // The desktop emulation's in-page scripts (desktop-e2e/emulation/page): plain browser JavaScript
    // read as text, each one function expression that the emulation calls.
    files: ['desktop-e2e/emulation/page/*.js'],
    languageOptions: { globals: { window: 'readonly', document: 'readonly', CustomEvent: 'readonly', EventTarget: 'readonly', Blob: 'readonly', structuredClone: 'readonly', console: 'readonly' } },
    rules: { '@typescript-eslint/no-unused-expressions': 'off' },
  },
);
