// Mutation testing of the acceptance and idempotency use cases and the login upsert (docs/mutation-testing.md).
import { serverArea } from './tooling/mutation/server-base.mjs';

export default serverArea({
  name: 'server-use-cases',
  mutate: [
    'server/src/use-cases/invitation-accept.ts',
    'server/src/use-cases/idempotent.ts',
    // The login upsert (upsertUser) only.
    'server/src/stores/users.store.ts:185-232',
  ],
  tests: [
    'use-cases/invitation-accept.test.ts',
    'use-cases/idempotent.test.ts',
    'stores/users-login.test.ts',
    'routes/external/external-idempotency-lease.test.ts',
  ],
});
