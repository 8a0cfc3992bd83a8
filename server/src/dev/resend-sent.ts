/**
 * Development-only: the development SCIM service provider keeps its users and groups in memory, the
 * database does not. At a start, what the database says it was sent is sent again (made again there).
 */
import type { Db } from '../db/types.js';
import { plannedTargets } from '../provisioning/planner.js';
import type { ScimTarget } from '../registry/registry.js';
import { enqueue } from '../stores/provisioning-plan.store.js';
import { sentTo, setAsideSent } from '../stores/scim-bookkeeping.store.js';

/**
 * Queues again, for each target whose URL starts with `urlPrefix`, the groups (with every member they
 * have now) and users the database records as sent to it, and sets that record aside (each user made
 * again, each group given its members again).
 *
 * Only what was sent: a whole target's resync (planner.ts resendWholeTargets) also plans every role of its
 * applications, and the performance seed's roles (which are never provisioned, migration 024) point at the
 * first application: at a hundred times its volume a start planned 3.75 million memberships of 50,000
 * roles and was not ready after 25 s. What was never sent is either queued still (the queue is in the
 * database) or was never meant for the target.
 */
export async function resendSent(db: Db, targets: readonly ScimTarget[], urlPrefix: string): Promise<void> {
  for (const target of plannedTargets(targets.filter((t) => t.url.startsWith(urlPrefix)))) {
    await db.tx(async (q) => {
      await setAsideSent(q, target.id);
      const groups: string[] = [];
      const users: string[] = [];
      for (const sent of await sentTo(q, target.id))
        (sent.kind === 'group' ? groups : users).push(sent.localId);
      if (groups.length + users.length > 0) await enqueue(q, [target], groups, groups, users);
    });
  }
}
