// The exports of the tree-shaken shared singletons that the host and the remotes may import: part of the
// remote contract (docs/architecture.md, "Shared modules"). Module Federation builds the shared copy of
// react-router(-dom) and react-i18next with only these exports; a remote importing anything else gets
// `undefined` at run time (React error #130), and nothing checks it in the browser. So this one list feeds
// three places: the webpack config (tooling/mf-shared.cjs), the lint rule (eslint.config.mjs) that fails
// an import outside it, and the test (shell/src/remotes/shared-used-exports.test.ts) that it covers every
// import in the repo.
//
// To use another export: add it here (both packages: react-router-dom re-exports react-router with
// `export *`, so the code lives in react-router), rebuild and redeploy the shell and every remote.

const ROUTER_EXPORTS = [
  'BrowserRouter',
  'Link',
  'Navigate',
  'Route',
  'Routes',
  'matchPath',
  'useLocation',
  'useNavigate',
  'useParams',
  'useSearchParams',
];

/**
 * Only tests may import these: jest loads the whole package, the browser only the shared copy without them.
 * (The tests' routers; a MemoryRouter in an app's code would be `undefined` in the browser.)
 */
const ROUTER_TEST_ONLY = ['MemoryRouter'];

/** Type-only exports: erased at build time, so allowed to import but not kept in the bundle. */
const ROUTER_TYPES = ['NavigateFunction', 'Location', 'Params'];

/**
 * react-i18next: the hook and the i18next plugin. Its Trans components (with an HTML parser),
 * withTranslation, Translation and the SSR helpers stay out of the first load.
 */
const I18N_EXPORTS = ['initReactI18next', 'useTranslation'];

/** package → runtime exports kept in its shared copy */
const USED_EXPORTS = {
  'react-router-dom': ROUTER_EXPORTS,
  'react-router': ROUTER_EXPORTS,
  'react-i18next': I18N_EXPORTS,
};

/** package → every name an app may import from it (runtime exports and types) */
const ALLOWED_IMPORTS = {
  'react-router-dom': [...ROUTER_EXPORTS, ...ROUTER_TYPES],
  'react-router': [...ROUTER_EXPORTS, ...ROUTER_TYPES],
  'react-i18next': I18N_EXPORTS,
};

/** The test files (jest only, never bundled), as ESLint globs. */
const TEST_FILES = ['**/*.test.{ts,tsx}', '**/test-support/**/*.{ts,tsx}'];

/** package → every name a test file may import from it */
const ALLOWED_IMPORTS_IN_TESTS = {
  ...ALLOWED_IMPORTS,
  'react-router-dom': [...ALLOWED_IMPORTS['react-router-dom'], ...ROUTER_TEST_ONLY],
  'react-router': [...ALLOWED_IMPORTS['react-router'], ...ROUTER_TEST_ONLY],
};

module.exports = { USED_EXPORTS, ALLOWED_IMPORTS, ALLOWED_IMPORTS_IN_TESTS, TEST_FILES };
