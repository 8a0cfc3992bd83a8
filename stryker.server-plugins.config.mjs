// Mutation testing of the server's access plugins (docs/mutation-testing.md): the session and its cookie
// (session.ts), who the session's user is and impersonation (auth.ts), CSRF (csrf.ts), the declared
// permissions and the HTTP Basic service accounts (permissions.ts) with their failed-login limiter
// (credential-limiter.ts), an API token's principal and its reach (external-token.ts, token-reach.ts).
//
// A mutant in a hook (every request passes the session, auth and CSRF hooks) is reached by every test that
// sends a request, each test file with a database of its own: one run over all the plugins' tests took
// minutes per mutant on this machine. So the area runs in parts, one Stryker run each (run.mjs runs them
// all; MUTATION_PART=<part> runs one): each part mutates some files and runs only the tests that state
// their rules. A mutant another part's tests would kill counts as survived here, so the score is a lower
// bound. Each part keeps its results in tooling/mutation/server-plugins.<part>.incremental.json.
import { serverArea } from './tooling/mutation/server-base.mjs';

/** @type {Record<string, { mutate: string[], tests: string[] }>} */
const PARTS = {
  tokens: {
    mutate: ['server/src/plugins/external-token.ts', 'server/src/plugins/token-reach.ts'],
    tests: [
      'plugins/external-token.test.ts',
      'plugins/token-reach.test.ts',
      'routes/external/external-invitations.test.ts',
    ],
  },
  csrf: {
    mutate: ['server/src/plugins/csrf.ts'],
    tests: ['plugins/csrf.test.ts'],
  },
  session: {
    mutate: ['server/src/plugins/session.ts'],
    tests: ['plugins/session.test.ts'],
  },
  auth: {
    mutate: ['server/src/plugins/auth.ts'],
    tests: ['plugins/auth.test.ts'],
  },
  permissions: {
    mutate: ['server/src/plugins/permissions.ts'],
    tests: [
      'plugins/permissions.test.ts',
      // The service accounts (remoteUserWith) and their entity permissions (accountEntity), over the
      // internal API's routes.
      'routes/external/internal-invite.test.ts',
    ],
  },
  limiter: {
    mutate: ['server/src/plugins/credential-limiter.ts'],
    tests: ['plugins/credential-keys.test.ts', 'plugins/credential-limiter.test.ts'],
  },
};

/** The parts, in the order `npm run mutation -- server-plugins` runs them. */
export const parts = Object.keys(PARTS);

const part = process.env.MUTATION_PART;
if (part !== undefined && !(part in PARTS)) {
  throw new Error(`Unknown MUTATION_PART ${part}; the parts: ${parts.join(', ')}`);
}

export default part
  ? serverArea({ name: `server-plugins.${part}`, ...PARTS[part] })
  : serverArea({
      name: 'server-plugins',
      mutate: Object.values(PARTS).flatMap((p) => p.mutate),
      tests: Object.values(PARTS).flatMap((p) => p.tests),
    });
