/**
 * The folder names the runtime (docs/house-rules.md, "The folder names the runtime"), checked by
 * dependency-cruiser over every import the TypeScript compiler sees: static, `import()` with a
 * literal specifier, `require`, `export … from`, type-only ones, through the tsconfig.json path
 * aliases (`@shared`, `@host`, `@sandbox`, `@renderer`, `@media`) and relative paths alike.
 * `npm run lint:layers` runs it over the shipped folders; scripts/layering.test.ts attacks it.
 *
 * Tests (`*.test.ts(x)`) and test helpers (`test/` folders) may start a sandbox, or use its
 * encoders for real media: that is what the sandbox is for. Every other rule holds for them too.
 */
const TESTS = '(\\.test\\.tsx?$|/test/)';
/** A fixtures file, wherever it is: a test helper by its name. */
const FIXTURES = '(^|/)[^/]*fixtures[^/]*$';
const SHELL_ROOTS = '^(electron/main\\.ts|browser-shell/main\\.ts)$';
const NODE_MODULES = '^node_modules/';
/** The `electron` package, by its resolved path: a plain pattern would also match our electron/ folder. */
const ELECTRON_PACKAGE = '^node_modules/electron/';
/** A renderer feature's folder, the name captured so a rule can tell its own folder from another's. */
const RENDERER_FEATURE = '^renderer/src/features/([^/]+)/';

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'sandbox-only-from-shell-roots',
      comment: 'Only the shells\' composition roots (electron/main.ts, browser-shell/main.ts) start the sandbox; tests may too.',
      severity: 'error',
      from: { pathNot: [SHELL_ROOTS, '^sandbox/', TESTS] },
      to: { path: '^sandbox/' },
    },
    {
      name: 'core-stays-neutral',
      comment: 'The host core runs in Electron, the browser shell and Vitest: it imports shared/, media/, itself, npm packages and Node, nothing else of ours.',
      severity: 'error',
      from: { path: '^host/' },
      to: { path: '^(electron/(adapters/|main\\.ts|preload\\.ts)|browser-shell/|renderer/)' },
    },
    {
      name: 'host-not-into-renderer-or-adapters',
      comment: 'The browser shell, the sandbox and media/ do not depend on the renderer or the desktop adapters.',
      severity: 'error',
      from: { path: '^(browser-shell|sandbox|media)/' },
      to: { path: '^(renderer|electron/adapters)/' },
    },
    {
      name: 'sandbox-only-shared-and-media',
      comment: 'The sandbox is a gateway of its own: shared/, media/, itself, npm packages and Node.',
      severity: 'error',
      from: { path: '^sandbox/' },
      to: { path: '^(host|electron|browser-shell|renderer)/' },
    },
    {
      name: 'media-only-shared',
      comment: 'media/ is what the host and the sandbox both need; it builds on shared/ and npm packages only.',
      severity: 'error',
      from: { path: '^media/', pathNot: TESTS },
      to: { pathNot: ['^(media|shared)/', NODE_MODULES], dependencyTypesNot: ['core'] },
    },
    {
      name: 'renderer-only-shared',
      comment: 'The renderer is sandboxed web content: it reaches the host only through shared/contract.',
      severity: 'error',
      from: { path: '^renderer/' },
      to: { pathNot: ['^(renderer|shared)/', NODE_MODULES], dependencyTypesNot: ['core'] },
    },
    {
      name: 'renderer-no-node',
      comment: 'The renderer runs in a browser page: no Node modules.',
      severity: 'error',
      from: { path: '^renderer/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'shared-depends-on-nothing',
      comment: 'shared/ is pure TypeScript, usable from every runtime: nothing else of ours.',
      severity: 'error',
      from: { path: '^shared/' },
      to: { pathNot: ['^shared/', NODE_MODULES], dependencyTypesNot: ['core'] },
    },
    {
      name: 'shared-no-node',
      comment: 'shared/ must not import Node modules.',
      severity: 'error',
      from: { path: '^shared/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'shared-no-react',
      comment: 'shared/ must not import runtime-specific modules.',
      severity: 'error',
      from: { path: '^shared/' },
      to: { path: '^node_modules/(react|react-dom)/' },
    },
    {
      name: 'electron-only-in-adapters',
      comment: 'Only electron/adapters, electron/main.ts and electron/preload.ts import electron.',
      severity: 'error',
      from: { pathNot: '^electron/(adapters/|main\\.ts$|preload\\.ts$)' },
      to: { path: ELECTRON_PACKAGE },
    },
    // ── The renderer's inner layers (docs/architecture.md, "The renderer's layers") ──────────
    // app/ composes; features/<tab>/ are the tabs (each an entry, ui/, model/, strings/);
    // components/ are shared presentational pieces; api/ is the contract client; state/ holds
    // UI-only stores; i18n/ the shared strings. Each layer leans only on the ones below it, so a
    // feature can be added, moved or deleted without touching another.
    // Tests and the renderer's test helpers (renderer/src/test/) are exempt from these rules:
    // a test mounts what app/ composes (a feature with the settings it reads) to check the seam,
    // and a helper drives several features at once. Nothing shipped may lean on them.
    {
      name: 'renderer-feature-not-into-feature',
      comment: 'A feature does not import another feature: what two tabs share lives in components/, state/ or api/, or app/ passes it in (slots, props).',
      severity: 'error',
      from: { path: RENDERER_FEATURE, pathNot: TESTS },
      to: { path: '^renderer/src/features/([^/]+)/', pathNot: '^renderer/src/features/$1/' },
    },
    {
      name: 'renderer-feature-not-into-app',
      comment: 'app/ composes the features: a feature that imported it would import every other tab with it.',
      severity: 'error',
      from: { path: '^renderer/src/features/', pathNot: TESTS },
      to: { path: '^renderer/src/app/' },
    },
    {
      name: 'renderer-components-not-into-features-or-app',
      comment: 'components/ are shared pieces: they know no tab and not the page shell that composes them.',
      severity: 'error',
      from: { path: '^renderer/src/components/', pathNot: TESTS },
      to: { path: '^renderer/src/(features|app)/' },
    },
    {
      name: 'renderer-api-not-into-state-or-features',
      comment: 'api/ is the contract client: it knows the host, not the stores or tabs that use it.',
      severity: 'error',
      from: { path: '^renderer/src/api/', pathNot: TESTS },
      to: { path: '^renderer/src/(state|features|app|components)/' },
    },
    {
      name: 'renderer-state-not-into-features-or-app',
      comment: 'state/ holds UI-only stores any layer may read: it knows no tab, not the page shell, and not the contract client (host-owned data is react-query\'s, through api/).',
      severity: 'error',
      from: { path: '^renderer/src/state/', pathNot: TESTS },
      to: { path: '^renderer/src/(features|app|components|api)/' },
    },
    {
      name: 'renderer-i18n-not-upwards',
      comment: 'i18n/ holds the shared namespaces and the machinery (docs/architecture.md, "Strings"): every layer reads it, so it knows no feature, shell, widget, store or client. The app assembles the features\' catalogs and hands them in.',
      severity: 'error',
      from: { path: '^renderer/src/i18n/', pathNot: TESTS },
      to: { path: '^renderer/src/(features|app|components|api|state)/' },
    },
    {
      name: 'renderer-feature-model-not-into-ui',
      comment: 'A feature\'s model/ (stores, hooks, logic) does not import its ui/ or its entry: the logic is tested and reused without the components that show it.',
      severity: 'error',
      from: { path: '^renderer/src/features/([^/]+)/model/', pathNot: TESTS },
      to: { path: '^renderer/src/features/$1/', pathNot: '^renderer/src/features/$1/(model|strings)/' },
    },
    {
      name: 'renderer-feature-strings-are-data',
      comment: 'A feature\'s catalogs (strings/en.ts, strings/zh-CN.ts) are data: they import their own folder, the Translation type and shared/ (a catalog\'s names) only, so one language\'s catalogs can be loaded without the studio\'s code (docs/architecture.md, "Strings").',
      severity: 'error',
      from: { path: '^renderer/src/features/([^/]+)/strings/', pathNot: [TESTS, '/register\\.ts$'] },
      to: { pathNot: ['^renderer/src/features/$1/strings/', '^renderer/src/i18n/translation\\.ts$', '^shared/', NODE_MODULES] },
    },
    {
      name: 'renderer-no-cycles',
      comment: 'No circular imports inside the renderer: a cycle makes load order matter and no file can be understood alone.',
      severity: 'error',
      from: { path: '^renderer/src/', pathNot: TESTS },
      to: { path: '^renderer/src/', circular: true },
    },
    // The host's own layers (docs/architecture.md, "Inside the host").
    {
      name: 'host-ports-are-leaves',
      comment: 'The ports (host/ports.ts, and any host/…/ports-*.ts) say what the shells hand in; they name no service or domain module of the host, only shared/ and npm packages.',
      severity: 'error',
      from: { path: ['^host/ports[^/]*\\.ts$', '^host/[^/]+/ports[^/]*\\.ts$'] },
      to: { pathNot: ['^shared/', NODE_MODULES] },
    },
    {
      name: 'host-no-cycles',
      comment: 'No import cycle inside the host, type-only ones included: a cycle ties every file on it to all the others.',
      severity: 'error',
      from: { path: '^host/' },
      to: { path: '^host/', circular: true },
    },
    {
      name: 'no-test-helpers-in-code',
      comment: 'What ships does not import test helpers (test/ folders, fixtures files); tests and test helpers may.',
      severity: 'error',
      from: { pathNot: [TESTS, FIXTURES] },
      to: { path: [TESTS, FIXTURES] },
    },
    {
      name: 'resolvable',
      comment: 'An import the checker cannot resolve is one it cannot judge: a typo in an alias would slip past every rule.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: NODE_MODULES },
    exclude: { path: '\\.d\\.ts$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    detectProcessBuiltinModuleCalls: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      mainFields: ['module', 'main', 'types'],
    },
    skipAnalysisNotInRules: true,
  },
};
