// Mutation testing of the acceptance and idempotency use cases and the login upsert (docs/mutation-testing.md).
import { serverArea } from './tooling/mutation/server-base.mjs';

export default serverArea({
  name: 'server-use-cases',
  mutate: [
    'server/src/use-cases/invitation-accept.ts',
    'server/src/use-cases/idempotent.ts',
    // The login upsert (upsertUser) only.
    'server/src/stores/users.store.ts:185-232',
    // A membership granted or merged (grantUserRole) only.
    'server/src/stores/user-roles.store.ts:153-222',
  ],
  tests: [
    'use-cases/invitation-accept.test.ts',
    'use-cases/idempotent.test.ts',
    'stores/users-login.test.ts',
    'routes/external/external-idempotency-lease.test.ts',
    'stores/user-roles-merge.test.ts',
    'routes/role-end-date.test.ts',
    'routes/invitations.test.ts',
    'routes/user-roles.test.ts',
  ],
});
