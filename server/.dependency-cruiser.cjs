/**
 * The server's layers, checked by reachability (dependency-cruiser 16, `npm run lint`): a rule holds for
 * every module a file reaches through any chain of imports, not only for what it imports directly (ESLint's
 * boundaries in eslint.config.mjs see direct imports only). Run from this folder, so that NodeNext's
 * `./x.js` imports resolve to `x.ts` through tsconfig.json. Layers: routes → use-cases → stores → db, with
 * domain/ pure, and dev/ (development-only code) imported by no production file.
 */
const PRODUCTION = { path: '^src/', pathNot: ['^src/dev/', '^src/test/', '\\.test\\.ts$'] };
const notTest = (folder) => ({ path: `^src/${folder}/`, pathNot: '\\.test\\.ts$' });

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import circle: a circle makes every file in it reach everything the others reach.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'domain-is-pure',
      severity: 'error',
      comment: 'domain/ reaches no plugin, route, store, database or use case (errors.ts imports nothing).',
      from: notTest('domain'),
      to: { path: '^src/(plugins|routes|stores|db|use-cases)/', reachable: true },
    },
    {
      name: 'stores-reach-down-only',
      severity: 'error',
      comment: 'A store reaches no plugin, route or use case (layers: routes → use-cases → stores → db).',
      from: notTest('stores'),
      to: { path: '^src/(plugins|routes|use-cases)/', reachable: true },
    },
    {
      name: 'use-cases-reach-no-route-or-plugin',
      severity: 'error',
      comment: 'A use case reaches no route or plugin: the routes call it, not the other way round.',
      from: notTest('use-cases'),
      to: { path: '^src/(plugins|routes)/', reachable: true },
    },
    {
      name: 'production-imports-no-dev',
      severity: 'error',
      comment:
        'Production code never imports dev/ statically: app.ts loads dev/index.ts with a dynamic import when a development setting is on.',
      from: PRODUCTION,
      to: { path: '^src/dev/', dynamic: false },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^dist/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.json'] },
  },
};
