/**
 * The planner: what each target must receive for the changes recorded (provisioning_changes). It takes the
 * changes in batches, one planner at a time across instances (LOCK_KEYS.provisioningPlan), and writes one
 * queue row per target and resource they concern (stores/provisioning-plan.store.ts); the delivery loops
 * (delivery-loop.ts) send them.
 */
import type { Db } from '../db/types.js';
import { LOCK_KEYS, withJobLock } from '../db/locks.js';
import type { ScimTarget } from '../registry/registry.js';
import { enqueueWholeTarget, planChanges, type PlannedTarget } from '../stores/provisioning-plan.store.js';

/** Changes taken per planning transaction. */
export const PLAN_BATCH = 2_000;

/** The targets as the planner sees them: their applications, and whether they take groups. */
export function plannedTargets(targets: readonly ScimTarget[]): PlannedTarget[] {
  return targets.map((t) => ({ id: t.id, applications: t.applications, groups: !t.userProvisioningOnly }));
}

/**
 * Plans every change recorded so far, `batch` at a time (PLAN_BATCH). Another instance planning at this
 * moment takes these changes: this one stops (`false`) and leaves them to it.
 */
export async function planPending(
  db: Db,
  targets: readonly ScimTarget[],
  batch = PLAN_BATCH,
): Promise<boolean> {
  const planned = plannedTargets(targets);
  for (;;) {
    const outcome = await withJobLock(db, LOCK_KEYS.provisioningPlan, (q) => planChanges(q, planned, batch));
    if (!outcome.ran) return false;
    if (outcome.result < batch) return true;
  }
}

/** Queues everything the targets whose URL starts with `urlPrefix` should hold (a full resync of each). */
export async function resendWholeTargets(
  db: Db,
  targets: readonly ScimTarget[],
  urlPrefix: string,
): Promise<void> {
  for (const target of plannedTargets(targets.filter((t) => t.url.startsWith(urlPrefix)))) {
    await db.tx((q) => enqueueWholeTarget(q, target));
  }
}
