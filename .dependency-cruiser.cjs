/**
 * The front end's boundaries, checked by reachability (dependency-cruiser 16, `npm run lint`; the server has
 * its own rules in server/.dependency-cruiser.cjs): no package (shared-auth, shared-ui) reaches an app; a
 * remote (mfe-*) reaches no other remote and not the shell; the shell reaches no remote's source (it loads
 * the remotes at run time through Module Federation). ESLint's boundaries (eslint.config.mjs) see only
 * direct imports; these follow every chain. Run from the repository's root over each package's src/.
 */
// Tests and their test-support (tooling/shared-used-exports.cjs TEST_FILES) may mount a remote's source in
// the shell's tests; the rules hold for the code that ships.
const TESTS = ['\\.test\\.tsx?$', '/test-support/'];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import circle.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'packages-reach-no-app',
      severity: 'error',
      comment: 'shared-auth and shared-ui reach no remote and not the shell.',
      from: { path: '^(shared-auth|shared-ui)/', pathNot: TESTS },
      to: { path: '^(shell|mfe-[^/]+)/', reachable: true },
    },
    {
      name: 'shared-auth-reaches-no-shared-ui',
      severity: 'error',
      comment: 'shared-auth reaches no shared-ui (shared-ui builds on shared-auth).',
      from: { path: '^shared-auth/', pathNot: TESTS },
      to: { path: '^shared-ui/', reachable: true },
    },
    {
      name: 'remotes-reach-no-other-remote',
      severity: 'error',
      comment: 'A remote reaches another app only through the slots of the remote contract.',
      from: { path: '^(mfe-[^/]+)/', pathNot: TESTS },
      to: { path: '^(shell|mfe-[^/]+)/', pathNot: '^$1/', reachable: true },
    },
    {
      name: 'shell-reaches-no-remote-source',
      severity: 'error',
      comment: 'The shell loads the remotes at run time (Module Federation), never their source.',
      from: { path: '^shell/', pathNot: TESTS },
      to: { path: '^mfe-[^/]+/', reachable: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|coverage)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
      conditionNames: ['types', 'import', 'require', 'default'],
      exportsFields: ['exports'],
    },
  },
};
