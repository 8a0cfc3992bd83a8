// The exports of the tree-shaken shared singletons that the host and the remotes may import: part of the
// remote contract (docs/architecture.md, "Shared modules"). Module Federation builds the shared copy of
// react-router(-dom) with only these exports; a remote importing anything else gets `undefined` at run
// time (React error #130), and nothing checks it in the browser. So this one list feeds three places:
// the webpack config (tooling/mf-shared.cjs), the lint rule (eslint.config.mjs) that fails an import
// outside it, and the test (tooling/shared-used-exports.test.mjs) that it covers every import in the repo.
//
// To use another export: add it here (both packages: react-router-dom re-exports react-router with
// `export *`, so the code lives in react-router), rebuild and redeploy the shell and every remote.

const ROUTER_EXPORTS = [
  'BrowserRouter',
  'Link',
  'MemoryRouter',
  'Navigate',
  'Outlet',
  'Route',
  'Routes',
  'generatePath',
  'matchPath',
  'useLocation',
  'useMatch',
  'useNavigate',
  'useParams',
  'useSearchParams',
];

/** Type-only exports: erased at build time, so allowed to import but not kept in the bundle. */
const ROUTER_TYPES = ['NavigateFunction', 'Location', 'Params'];

/**
 * react-i18next: the hook and the i18next plugin. Its Trans components (with an HTML parser),
 * withTranslation, Translation and the SSR helpers stay out of the first load (about 7 KiB gz).
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

module.exports = { USED_EXPORTS, ALLOWED_IMPORTS };
