// Mutation testing of provisioning's planner, claim and delivery rules (issue 57 item 1): the give-up rule
// (attempts.ts), the planner (planner.ts), the queue's claim / lease / seq checks
// (provisioning-queue.store.ts), the one scheduler the worker and the jobs share (jobs/scheduler.ts), the
// delivery loop (delivery-loop.ts) and what one delivery sends (deliver.ts), with the tests that state
// those rules.
//
// A mutant in the delivery code is reached by every test that delivers, and each provisioning test file
// starts a server with a database and a SCIM service of its own: one run over the whole area with all the
// provisioning tests was estimated at about 3 hours on this machine. So the area runs in parts, like
// server-plugins (docs/mutation-testing.md; run.mjs runs them all, MUTATION_PART=<part> runs one): each
// part mutates one file against the tests that state its rules. A mutant another part's tests would kill
// counts as survived here, so a part's score is a lower bound. Each part keeps its results in
// tooling/mutation/server-provisioning.<part>.incremental.json.
import { serverArea } from './tooling/mutation/server-base.mjs';

/** @type {Record<string, { mutate: string[], tests: string[] }>} */
const PARTS = {
  // Pure: when a failed delivery is tried again, and when it is given up.
  attempts: {
    mutate: ['server/src/provisioning/attempts.ts'],
    tests: ['provisioning/attempts.test.ts'],
  },
  // Planning every change, batch after batch, one planner at a time; a resync of the targets asked.
  planner: {
    mutate: ['server/src/provisioning/planner.ts'],
    tests: ['provisioning/delivery-rules.test.ts'],
  },
  // Claiming under a lease, and what an attempt leaves (the seq check, leases handed back, the drain).
  queue: {
    mutate: ['server/src/stores/provisioning-queue.store.ts'],
    tests: ['provisioning/delivery-rules.test.ts', 'provisioning/two-workers.test.ts'],
  },
  // Pure, on fake timers.
  scheduler: {
    mutate: ['server/src/jobs/scheduler.ts'],
    tests: ['jobs/scheduler.test.ts'],
  },
  // Claim, send, record: users before groups, a retry pausing the target, a close cutting a delivery short.
  // (With deliver.test.ts, slow-target.test.ts and user-targets.test.ts too, its 142 mutants were estimated
  // at 1 h 20 min here.)
  'delivery-loop': {
    mutate: ['server/src/provisioning/delivery-loop.ts'],
    tests: ['provisioning/delivery-loop.test.ts', 'provisioning/delivery-rules.test.ts'],
  },
  // What one delivery sends to a SCIM target, and what it records as held there. (provisioning.test.ts
  // states the common cases too, through the console's API: with it, each mutant took twice as long.)
  deliver: {
    mutate: ['server/src/provisioning/deliver.ts'],
    tests: ['provisioning/deliver.test.ts'],
  },
};

/** The parts, in the order `npm run mutation -- server-provisioning` runs them. */
export const parts = Object.keys(PARTS);

const part = process.env.MUTATION_PART;
if (part !== undefined && !(part in PARTS)) {
  throw new Error(`Unknown MUTATION_PART ${part}; the parts: ${parts.join(', ')}`);
}

const area = part
  ? serverArea({ name: `server-provisioning.${part}`, ...PARTS[part] })
  : serverArea({
      name: 'server-provisioning',
      mutate: Object.values(PARTS).flatMap((p) => p.mutate),
      tests: [...new Set(Object.values(PARTS).flatMap((p) => p.tests))],
    });

// A mutant that keeps a delivery from settling makes a drain go round until Jest's timeout: with the
// servers' 30 s on top of three times the tests' own time, such a mutant cost over a minute, and a quarter
// of deliver.ts's mutants are such. Twice the tests' time and 10 s more still leaves a loaded machine room.
export default { ...area, timeoutMS: 10000, timeoutFactor: 2 };
