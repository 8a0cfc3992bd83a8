// Mutation testing of provisioning's planner, claim and delivery rules (issue 57 item 1): the give-up rule
// (attempts.ts), the planner (planner.ts), the queue's claim / lease / seq checks
// (provisioning-queue.store.ts), the delivery loop and what one delivery sends (delivery-loop.ts,
// deliver.ts), and the one scheduler the worker and the jobs share (jobs/scheduler.ts), with the tests that
// state those rules.
import { serverArea } from './tooling/mutation/server-base.mjs';

export default serverArea({
  name: 'server-provisioning',
  mutate: [
    'server/src/provisioning/attempts.ts',
    'server/src/provisioning/planner.ts',
    'server/src/provisioning/delivery-loop.ts',
    'server/src/provisioning/deliver.ts',
    'server/src/stores/provisioning-queue.store.ts',
    'server/src/jobs/scheduler.ts',
  ],
  tests: [
    'provisioning/attempts.test.ts',
    'provisioning/delivery-rules.test.ts',
    'provisioning/two-workers.test.ts',
    'provisioning/provisioning.test.ts',
    'provisioning/slow-target.test.ts',
    'provisioning/user-targets.test.ts',
    'provisioning/deliver.test.ts',
    'jobs/scheduler.test.ts',
  ],
});
