// Mutation testing of the server's access plugins (docs/mutation-testing.md): the external API token and
// its reach, the console's CSRF check, the session user and impersonation, the declared permissions and
// the Basic service accounts with the credential limiter.
import { serverArea } from './tooling/mutation/server-base.mjs';

export default serverArea({
  name: 'server-plugins',
  mutate: [
    'server/src/plugins/external-token.ts',
    'server/src/plugins/token-reach.ts',
    'server/src/plugins/csrf.ts',
    'server/src/plugins/auth.ts',
    'server/src/plugins/permissions.ts',
    'server/src/plugins/session.ts',
    'server/src/plugins/credential-limiter.ts',
  ],
  tests: [
    'plugins/external-token.test.ts',
    'plugins/token-reach.test.ts',
    'plugins/csrf.test.ts',
    'plugins/auth.test.ts',
    'plugins/permissions.test.ts',
    'plugins/session.test.ts',
    'plugins/credential-limiter.test.ts',
  ],
});
