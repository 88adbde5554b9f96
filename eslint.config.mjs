// ESLint 9 flat config: typescript-eslint's recommended type-checked rules over every TypeScript source, and the
// import boundaries of docs/architecture.md ("Invariants") as no-restricted-imports, so a boundary broken is a
// lint error rather than a review comment.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import path from 'node:path';

/** The fronts' folders, by where an import resolves to (a relative path's depth changes when a file moves). */
const FRONTS = ['protocol', 'client', 'server/lsp', 'server/cli'].map((f) => path.resolve(import.meta.dirname, f));
const boundaries = {
  rules: {
    'no-fronts': {
      meta: { type: 'problem', messages: { front: 'Data flows one way: the pipeline never imports its fronts ({{ to }}).' } },
      create: (context) => ({
        ImportDeclaration(node) {
          const specifier = node.source.value;
          if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
          const to = path.resolve(path.dirname(context.filename), specifier);
          const front = FRONTS.find((f) => to === f || to.startsWith(f + path.sep));
          if (front) context.report({ node, messageId: 'front', data: { to: path.relative(import.meta.dirname, front) } });
        },
      }),
    },
  },
};

/** What the engine (shared/) must never import: it is pure, so the CLI, the server, the worker and a runtime can all embed it. */
const NOT_IN_THE_ENGINE = [
  { name: 'vscode', message: 'shared/ is the engine: no editor APIs.' },
  { name: 'ts-morph', message: 'shared/ is the engine: source analysis belongs to server/pipeline/.' },
  { name: 'typescript', message: 'shared/ is the engine: source analysis belongs to server/pipeline/.' },
  { name: 'esbuild', message: 'shared/ is the engine: bundling belongs to server/pipeline/evaluate/.' },
  ...['fs', 'fs/promises', 'path', 'child_process', 'worker_threads', 'os', 'net', 'http', 'https', 'process', 'module', 'url'].flatMap((m) => [
    { name: m, message: 'shared/ is the engine: it never reads files or touches the process; its callers hand it values.' },
    { name: `node:${m}`, message: 'shared/ is the engine: it never reads files or touches the process; its callers hand it values.' },
  ]),
];
const NOT_IN_THE_ENGINE_PATTERNS = [
  { group: ['vscode-languageserver*', 'vscode-languageclient*', 'vscode-jsonrpc*'], message: 'shared/ is the engine: only server/lsp/ knows LSP.' },
  { group: ['**/server/*', '**/server/**', '**/client/**', '**/protocol/**'], message: 'shared/ is the engine: nothing downstream is imported upstream.' },
];

export default tseslint.config(
  {
    ignores: ['dist/**', '**/dist/**', 'node_modules/**', 'test/fixtures/**', 'examples/**', 'test-results/**', '.cache/**', '**/*.vsix'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
  },
  {
    rules: {
      // As TypeScript's noUnusedLocals reads it: a leading underscore names a value left out on purpose (a rest sibling).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // Passing a caught value on unchanged (`catch (error) { reject(error) }`) keeps what was thrown; wrapping it would not.
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingUnknown: true }],
    },
  },
  // Only shared/zod/ reads zod's internals (v3 `_def`, v4 `_zod.def`) of whatever copy built a schema: a schema of
  // unknown origin has no static type to check against, so member access there is `any` by nature (`Internals`).
  // Everything else holds a schema as the opaque `AnyZod` and asks shared/zod/'s typed functions, checked in full.
  {
    files: ['shared/zod/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
    },
  },
  // The same boundary by name: a `_def` or `_zod` read outside shared/zod/ would be a second reader of zod.
  {
    files: ['shared/**/*.ts', 'server/**/*.ts', 'runtime/src/**/*.ts', 'client/**/*.ts', 'protocol/**/*.ts'],
    ignores: ['shared/zod/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'MemberExpression[property.name=/^(_def|_zod)$/]',
          message: "Only shared/zod/ reads zod's internals: use (or add) a function of shared/zod/read.ts.",
        },
      ],
    },
  },
  // The evaluation worker and its recorders stand in for SDK classes and receive whatever the user's module passes
  // (a server object, a tool config, a schema from any zod): untyped user values by nature, read defensively.
  {
    // sdks/: the per-library descriptors hold their recorders; evaluate/worker/shipped/ (the `shipped` branch) reads the
    // tools a real SDK registered, in the worker.
    files: [
      'server/pipeline/evaluate/worker/recorders/**/*.ts',
      'server/pipeline/sdks/**/*.ts',
      // shipped/: the workspace's own library (a server instance, its client, its conversion) loaded at run time.
      'server/pipeline/evaluate/worker/shipped/**/*.ts',
      'server/pipeline/evaluate/worker/worker.ts',
      'server/pipeline/evaluate/worker/judge/exportedSchemas.ts',
      // The realm guard snapshots the built-ins user code may replace (unbound by design: it calls them through its
      // own `Reflect.apply`) and restores whatever values it finds.
      'server/pipeline/evaluate/worker/sandbox/realmGuard.ts',
      // Calling the user's factories with stand-in arguments, and watching zod's constructors for creation sites.
      'server/pipeline/evaluate/worker/start/callFactories.ts',
      'server/pipeline/evaluate/worker/recorders/creationSites.ts',
      'server/pipeline/evaluate/worker/start/startWatch.ts',
    ],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
    },
  },
  // A recorder hands its own method to captureCallSite as the stack boundary (V8's Error.captureStackTrace): the
  // method is compared, never called, so an unbound reference is the point.
  // The realm guard keeps the built-ins' own functions to call them later through Reflect.apply: unbound by design.
  {
    files: ['server/pipeline/evaluate/worker/recorders/**/*.ts', 'server/pipeline/sdks/**/*.ts', 'server/pipeline/evaluate/worker/sandbox/realmGuard.ts'],
    rules: { '@typescript-eslint/unbound-method': 'off' },
  },
  // Suites assert on JSON: CLI output, JSON-RPC payloads, advertised JSON Schemas, zod internals. Their shape is
  // what is under test, and `expect` is the check; typing every payload would restate the assertions.
  {
    files: ['test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      // Fakes implement the pipeline's async interfaces with bodies that have nothing to await.
      '@typescript-eslint/require-await': 'off',
    },
  },
  // Boundaries (docs/architecture.md, "Invariants"). The engine is pure; so is the runtime built from it, which runs
  // inside the user's server.
  {
    files: ['shared/**/*.ts', 'runtime/src/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: NOT_IN_THE_ENGINE, patterns: NOT_IN_THE_ENGINE_PATTERNS }] },
  },
  // The pipeline serves both fronts and knows neither: no LSP types, no CLI formatting, no editor.
  {
    files: ['server/pipeline/**/*.ts'],
    plugins: { boundaries },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'vscode', message: 'server/pipeline/ knows no editor.' }],
          patterns: [
            {
              group: ['vscode-languageserver*', 'vscode-languageclient*', 'vscode-jsonrpc*'],
              message: 'Only server/lsp/ knows LSP; the pipeline speaks its contracts (run/contract.ts, assemble/report.ts).',
            },
            {
              group: ['**/lsp/**', '**/cli/**', '**/cli', '**/mcp/**', '**/client/**'],
              message: 'Data flows one way: the pipeline never imports its fronts.',
            },
          ],
        },
      ],
      'boundaries/no-fronts': 'error',
    },
  },
  {
    files: ['server/cli/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['vscode-languageserver*', 'vscode-languageclient*', 'vscode-jsonrpc*', '**/lsp/**', '**/client/**'],
              message: 'Only server/lsp/ knows LSP; the CLI is the other front.',
            },
          ],
        },
      ],
    },
  },
  // Our MCP server is a third front: the pipeline's door and the SDK, never the editor's or the CLI's code.
  {
    files: ['server/mcp/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['vscode-languageserver*', 'vscode-languageclient*', 'vscode-jsonrpc*', '**/lsp/**', '**/cli/**', '**/client/**'],
              message: 'Only server/lsp/ knows LSP; the MCP server is a front of its own over server/pipeline/.',
            },
          ],
        },
      ],
    },
  },
  // The extension is thin: it talks to the server only through the shared protocol, and never knows zod.
  {
    files: ['client/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'zod', message: 'client/ never knows zod: everything it shows comes from the server.' },
            { name: 'ts-morph', message: 'client/ is thin: analysis runs in the server.' },
            { name: 'esbuild', message: 'client/ is thin: analysis runs in the server.' },
          ],
          patterns: [
            { group: ['**/server/**', '**/server'], message: 'client/ talks to the server only through protocol/ (the typed custom messages).' },
            { group: ['**/shared/**', '**/shared'], message: 'client/ never knows the engine: everything it shows comes from the server.' },
            { group: ['zod/*', 'vscode-languageserver', 'vscode-languageserver/*'], message: 'client/ is thin: no zod, no server-side LSP.' },
          ],
        },
      ],
    },
  },
  // The protocol is types and message names only, importable by both sides without pulling either in.
  {
    files: ['protocol/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'vscode', message: 'protocol/ is shared with the server, which has no vscode module.' }],
          patterns: [
            {
              group: ['**/server/**', '**/client/**', '**/shared/**', 'vscode-languageserver', 'vscode-languageclient*', 'node:*'],
              message: 'protocol/ holds message types only; it depends on vscode-languageserver-protocol alone.',
            },
          ],
        },
      ],
    },
  },
  // Build scripts, benches and the e2e drivers are plain Node ESM/CJS outside the TypeScript project.
  {
    files: ['**/*.mjs', '**/*.cjs', '**/*.js'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { ...tseslint.configs.disableTypeChecked.languageOptions, globals: { ...globals.node } },
  },
  // CommonJS by nature: the esbuild API loader must stay a require() so the bundle leaves it external.
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  // The code-server driver passes functions to page.evaluate; they run in the workbench page.
  {
    files: ['test/e2e/vscode/**/*.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
