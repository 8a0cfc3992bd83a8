// The one map of Module Federation shared singletons. Every webpack config imports it, so the host and
// every remote agree on what is shared. requiredVersion comes from the caret range in each app's package.json.
const SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  'react-router',
  'react-router-dom',
  'zustand',
  'i18next',
  'react-i18next',
  'ky',
  'shared-auth',
  'shared-ui',
  // shared-ui's core (src/core.ts): the shell's first page loads it alone, the rest of shared-ui when a
  // logged-in part or a remote needs it.
  'shared-ui/core',
];
// @surfnet/sds is deliberately not shared: its components are stateless, and a shared module is not
// tree-shaken — as a singleton the whole library (with DOMPurify and react-tooltip) loaded on every page.
// Each bundle now carries only the components it uses; its global CSS is still imported once, by the shell.

const { USED_EXPORTS } = require('./shared-used-exports.cjs');

/** @param {Record<string,string>} dependencies the app's package.json dependencies */
function sharedFor(dependencies) {
  const shared = {};
  for (const name of SINGLETONS) {
    const pkg = name.startsWith('@') ? name.split('/').slice(0, 2).join('/') : name.split('/')[0];
    const range = dependencies[pkg];
    if (!range) continue;
    shared[name] = { singleton: true, requiredVersion: range, eager: false };
    // 'runtime-infer': the browser loads the trimmed copy; the untrimmed fallback stays in
    // dist/independent-packages/ (kept by output.clean in webpack.app.cjs) for a remote built without it.
    if (USED_EXPORTS[name]) {
      shared[name].treeShaking = { mode: 'runtime-infer', usedExports: USED_EXPORTS[name] };
    }
  }
  return shared;
}

module.exports = { SINGLETONS, sharedFor };
