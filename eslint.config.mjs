// One lint configuration for the whole repo, with the import-boundary rules of docs/architecture.md:
// no mfe-* imports another mfe-* or the shell; shared-* import no app; shared-auth imports no shared-ui;
// the server imports only shared-auth's pure rules; packages are imported by name, never by a relative
// path across folders. Inside the server, layers go one way (routes → use-cases → stores → db) and
// domain/ stays pure.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { createRequire } from 'node:module';

// The exports of the tree-shaken shared singletons an app may import (remote contract; see the file).
const { ALLOWED_IMPORTS, ALLOWED_IMPORTS_IN_TESTS, TEST_FILES } = createRequire(import.meta.url)(
  './tooling/shared-used-exports.cjs',
);
const sharedExportPaths = (allowedImports) =>
  Object.entries(allowedImports).map(([name, allowed]) => ({
    name,
    allowImportNames: allowed,
    message:
      `The shared ${name} is tree-shaken to the exports in tooling/shared-used-exports.cjs; another one is ` +
      'undefined at run time. To use it, add it to that list (both react-router and react-router-dom) and ' +
      'rebuild the shell and every remote.',
  }));
const SHARED_EXPORT_PATHS = sharedExportPaths(ALLOWED_IMPORTS);
// Tests run in jest on the whole packages: they may also use the test-only names (MemoryRouter).
const SHARED_EXPORT_PATHS_IN_TESTS = sharedExportPaths(ALLOWED_IMPORTS_IN_TESTS);

const APPS = ['shell', 'mfe-roles', 'mfe-invitations', 'mfe-system', 'mfe-tokens'];
const FOLDERS = [...APPS, 'shared-ui', 'shared-auth', 'server', 'e2e'];

/** Forbid importing the named packages, and any relative path that reaches into another top-level folder. */
function boundary(
  own,
  forbiddenPackages,
  message,
  paths = [],
  sharedPaths = SHARED_EXPORT_PATHS,
  extraPatterns = [],
) {
  const others = FOLDERS.filter((f) => f !== own);
  return {
    'no-restricted-imports': [
      'error',
      {
        paths: [...sharedPaths, ...paths],
        patterns: [
          ...extraPatterns,
          ...(forbiddenPackages.length
            ? [{ group: forbiddenPackages.flatMap((p) => [p, `${p}/*`]), message }]
            : []),
          {
            // '!shared-auth/rules', '!shared-auth/early-calls', '!shared-ui/acr', '!shared-ui/contract-version.json',
            // '!shared-ui/core', '!shared-ui/loadable', '!shared-ui/parity', '!shared-ui/standalone': package
            // imports (by their package names), not cross-folder paths.
            group: others
              .map((f) => `**/${f}/**`)
              .concat(
                others.map((f) => `../**/${f}`),
                '!shared-auth/rules',
                '!shared-auth/early-calls',
                '!shared-ui/acr',
                '!shared-ui/contract-version.json',
                '!shared-ui/core',
                '!shared-ui/loadable',
                '!shared-ui/parity',
                '!shared-ui/standalone',
              ),
            message: 'Import another package by its package name, never by a relative path across folders.',
          },
        ],
      },
    ],
  };
}

/**
 * The server's layers (docs/architecture.md, "Server"): routes → use-cases → stores → db. Pure helpers in
 * domain/ import none of them, so any layer may use them; a store never reaches up to what calls it.
 */
const SERVER_LAYERS = [
  {
    folder: 'domain',
    forbidden: ['stores', 'db', 'routes', 'use-cases', 'plugins'],
    message:
      'domain/ holds pure helpers: no store, database, route, use case or plugin. What orchestrates stores is a use case (use-cases/).',
  },
  {
    folder: 'stores',
    forbidden: ['routes', 'use-cases', 'plugins'],
    message:
      'A store is SQL only: it imports no route, use case or plugin (layers: routes → use-cases → stores → db).',
  },
];

/**
 * Development-only code (server/src/dev/: identity provider, mailbox, SCIM/eVA/Graph services, seeds) is never
 * imported statically by production code: app.ts loads dev/index.ts with a dynamic import when a development
 * setting is on, and the performance seed route loads its seed the same way. Tests and test support may.
 */
const NO_SERVER_DEV = {
  group: ['./dev', './dev/**', '../dev', '../dev/**', '../../dev', '../../dev/**', '../../../dev/**'],
  message:
    'Production code never imports server/src/dev/ statically: register development code in dev/index.ts (loaded by app.ts with a dynamic import when a development setting is on).',
};
const SERVER_TEST_FILES = ['server/src/**/*.test.ts', 'server/src/test/**'];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/coverage/**',
      '.data/**',
      'e2e/artifacts/**',
      '.stryker-tmp*/**',
      'reports/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.tsx', '**/*.ts'],
    ignores: ['server/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  ...[
    ...APPS.map((app) => ({
      folder: app,
      forbidden: ['shell', 'server', ...APPS.filter((a) => a !== app && a !== 'shell')],
      message: 'A remote reaches another app only through the slots of the remote contract.',
    })),
    { folder: 'shared-ui', forbidden: [...APPS, 'server'], message: 'shared packages import no app.' },
    {
      folder: 'shared-auth',
      forbidden: [...APPS, 'server', 'shared-ui'],
      message: 'shared-auth imports no app and no shared-ui.',
    },
  ].flatMap(({ folder, forbidden, message }) => [
    { files: [`${folder}/**/*.{ts,tsx}`], rules: boundary(folder, forbidden, message) },
    {
      files: TEST_FILES.map((glob) => `${folder}/${glob}`),
      rules: boundary(folder, forbidden, message, [], SHARED_EXPORT_PATHS_IN_TESTS),
    },
  ]),
  ...[
    { files: ['server/**/*.ts'], layers: [] },
    // Production files (not dev/, tests or test support) import no dev/.
    {
      files: ['server/src/**/*.ts'],
      ignores: ['server/src/dev/**', ...SERVER_TEST_FILES],
      layers: [NO_SERVER_DEV],
    },
    // ESLint keeps only the last block's options of a rule, so each layer's block repeats the server's.
    ...SERVER_LAYERS.flatMap(({ folder, forbidden, message }) => {
      const layer = { group: forbidden.flatMap((f) => [`../${f}`, `../${f}/**`, `**/src/${f}/**`]), message };
      return [
        { files: [`server/src/${folder}/**/*.ts`], layers: [layer, NO_SERVER_DEV] },
        { files: [`server/src/${folder}/**/*.test.ts`], layers: [layer] },
      ];
    }),
  ].map(({ files, ignores, layers }) => ({
    files,
    ...(ignores ? { ignores } : {}),
    rules: boundary(
      'server',
      [...APPS, 'shared-ui'],
      'The server imports no browser package.',
      [{ name: 'shared-auth', message: "The server imports only the pure rules: 'shared-auth/rules'." }],
      SHARED_EXPORT_PATHS,
      layers,
    ),
  })),
  {
    files: ['e2e/**/*.{js,mjs,ts}'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['tooling/**', '**/*.config.*', 'e2e/**'],
    rules: { 'no-console': 'off' },
  },
);
