// Mutation testing of the server's access plugins (docs/mutation-testing.md): an API token's principal and
// its reach (external-token.ts, token-reach.ts). The session, CSRF, permission and Basic-account hooks are
// judged by integration tests over a database only, which this machine cannot afford per mutant yet: see
// the document for how to widen `mutate` and `tests` when it can.
import { serverArea } from './tooling/mutation/server-base.mjs';

export default serverArea({
  name: 'server-plugins',
  mutate: ['server/src/plugins/external-token.ts', 'server/src/plugins/token-reach.ts'],
  tests: [
    'plugins/external-token.test.ts',
    'plugins/token-reach.test.ts',
    'routes/external/external-invitations.test.ts',
  ],
});
