// The layers of DESIGN.md §3, checked by `npm test` (scripts/test.ts, step 依赖分层检查). A violation names the rule
// and the offending import; tests/unit/layers.test.ts plants one to show that it fails.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Files that import each other in a loop cannot be read, tested or split apart one at a time.',
      from: { path: '^(schemas|runtime|server|editor|scripts)/' },
      to: { circular: true },
    },
    {
      name: 'schemas-import-nothing-of-ours',
      severity: 'error',
      comment: 'schemas/ is the contract both sides share: it imports nothing outside itself.',
      from: { path: '^schemas/' },
      to: { path: '^(runtime|server|editor|scripts|tests|models|screens)/' },
    },
    {
      name: 'runtime-not-server',
      severity: 'error',
      comment: 'The browser runtime shares only schemas/ with the server.',
      from: { path: '^runtime/' },
      to: { path: '^server/' },
    },
    {
      name: 'server-not-runtime',
      severity: 'error',
      comment: 'The server shares only schemas/ with the browser: no React, antd or ag-grid in the server.',
      from: { path: '^server/' },
      to: { path: '^(runtime|editor)/' },
    },
    {
      name: 'editor-not-server',
      severity: 'error',
      comment: 'The editor imports runtime/ and schemas/; it reaches the server over HTTP only.',
      from: { path: '^editor/' },
      to: { path: '^server/' },
    },
    {
      name: 'runtime-not-editor',
      severity: 'error',
      comment: 'The editor sits on the runtime; only the app boot (runtime/app/boot.tsx, loaded by the entry) composes the two.',
      from: { path: '^runtime/', pathNot: '^runtime/app/boot\\.tsx$' },
      to: { path: '^editor/' },
    },
    {
      name: 'registry-below-implementations',
      severity: 'error',
      comment:
        'A registry imports what it registers, never the reverse: implementations take their types from the extension-point files (widgets/widgetProps.ts, screen/screenExtensions.ts). Only the installer (registries/install.ts, called when the chunk of the screen interpreter loads: runtime/app/screenInterpreter.tsx) reads the widget, action and block registries; the table column builder is the one reader of the cell renderers.',
      from: { path: '^(runtime|editor)/', pathNot: ['^runtime/registries/', '^runtime/blocks/tableColumns\\.ts$', '^runtime/app/screenInterpreter\\.tsx$'] },
      to: { path: '^runtime/registries/' },
    },
    {
      name: 'no-orphans',
      severity: 'error',
      comment: 'A product file nothing imports is dead code or a missing wire.',
      from: {
        orphan: true,
        path: '^(schemas|runtime|server|editor)/',
        pathNot: ['\\.d\\.ts$', '\\.json$', '\\.css$', '^runtime/main\\.tsx$', '^server/main\\.ts$', '^runtime/public/'],
      },
      to: {},
    },
    {
      name: 'not-to-tests',
      severity: 'error',
      comment: 'Product code never imports test code.',
      from: { path: '^(schemas|runtime|server|editor|scripts)/' },
      to: { path: '^tests/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|data)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'], extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
