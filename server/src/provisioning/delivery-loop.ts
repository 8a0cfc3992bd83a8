/**
 * One target's delivery loop: claims its due deliveries under a lease (stores/provisioning-queue.store.ts),
 * sends them, and records each outcome. A slow or unreachable target holds back only its own loop.
 *
 * Users go first (PROVISIONING_PARALLEL calls at once); a group waits while users of its target are due, then names the
 * users made meanwhile in one call. One row per resource and target, and a lease on it, keep one person's deliveries in order: a
 * change made during a delivery gives the row a new seq, and it is sent again after this one ends.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { ProvisioningConfig } from '../config.js';
import type { Db } from '../db/types.js';
import type { ScimTarget } from '../registry/registry.js';
import { audit } from '../stores/audit.store.js';
import {
  claimDue,
  markDelivered,
  markFailed,
  markRetry,
  releaseLeases,
  type QueueItem,
} from '../stores/provisioning-queue.store.js';
import { afterFailure } from './attempts.js';
import { deliverGroup, deliverUsers } from './deliver.js';
import { bulkLimitsOnce } from './scim-bulk.js';
import { scimClient } from './scim-client.js';
import { deliverEvaUser, deliverGraphUser } from './user-targets.js';

/** Deliveries claimed per round of a target's loop (sent PROVISIONING_PARALLEL at a time). */
export const CLAIM_BATCH = 64;

export interface DeliveryLoopDeps {
  db: Db;
  log: FastifyBaseLogger;
  settings: ProvisioningConfig;
  publicUrl: string;
  /** Aborts the calls under way (the server closing). */
  signal: AbortSignal;
  /** Microsoft Graph tokens, per target, until shortly before they expire. */
  graphTokens: Map<string, { token: string; until: number }>;
  stopped(): boolean;
  /** While a drain runs: its start (each due row is tried once in it). */
  drainSince(): string | null;
  /** The target failed with a retry: left alone until `untilMs`. */
  pause(targetId: string, untilMs: number): void;
}

/**
 * Sends claimed deliveries of one kind to the target, by its protocol: answers each item's failure, or
 * null when it was delivered.
 */
export type Deliver = (items: readonly QueueItem[]) => Promise<Map<number, unknown>>;

/** One item at a time through `send`, `parallel` at once. */
function eachItem(parallel: number, send: (item: QueueItem) => Promise<void>): Deliver {
  return async (items) => {
    const failures = new Map<number, unknown>();
    let next = 0;
    const lanes = Array.from({ length: Math.min(parallel, items.length) }, async () => {
      while (next < items.length) {
        const item = items[next++]!;
        try {
          await send(item);
          failures.set(item.id, null);
        } catch (error) {
          failures.set(item.id, error);
        }
      }
    });
    await Promise.all(lanes);
    return failures;
  };
}

function deliveryFor(deps: DeliveryLoopDeps, target: ScimTarget): Deliver {
  const protocol = target.protocol ?? 'scim';
  if (protocol === 'eva' || protocol === 'graph') {
    const ctx = {
      db: deps.db,
      target,
      timeoutMs: deps.settings.timeoutMs,
      publicUrl: deps.publicUrl,
      graphLoginUrl: deps.settings.graphLoginUrl,
      signal: deps.signal,
      tokens: deps.graphTokens,
    };
    const send = protocol === 'eva' ? deliverEvaUser : deliverGraphUser;
    // eVA and Graph take users only (a group row of theirs has nothing to send).
    return eachItem(deps.settings.parallel, async (item) => {
      if (item.kind === 'user') await send(ctx, item.localId);
    });
  }
  const client = scimClient(target, { timeoutMs: deps.settings.timeoutMs, signal: deps.signal });
  // Asked of the target once for the loop's life: its users made in bulk when it takes that.
  const ctx = { db: deps.db, target, client, bulkLimits: bulkLimitsOnce(client) };
  const groups = eachItem(deps.settings.parallel, (item) => deliverGroup(ctx, item.localId));
  return async (items) => {
    // A batch is of one kind (deliverBatch).
    if (items[0]?.kind === 'group') return groups(items);
    // A batch of users: one read, their calls in parallel, one write (deliver.ts).
    const byUser = await deliverUsers(
      ctx,
      items.map((i) => i.localId),
      deps.settings.parallel,
    );
    return new Map(items.map((i) => [i.id, byUser.get(i.localId) ?? null]));
  };
}

/**
 * Records a failed attempt: another one later (answers false: the target is left alone until then, and
 * the rest waits its turn), or given up, audited (answers true: the loop goes on).
 */
async function settle(
  deps: DeliveryLoopDeps,
  target: ScimTarget,
  item: QueueItem,
  error: unknown,
): Promise<boolean> {
  const outcome = afterFailure(error, item.attempts, deps.settings);
  const id = item.kind === 'group' ? { roleId: item.localId } : { userId: item.localId };
  if (outcome.retry) {
    await markRetry(deps.db, item, outcome.delayMs, outcome.status, outcome.reason);
    deps.log.warn(
      {
        target: target.id,
        kind: item.kind,
        id: item.localId,
        reason: outcome.reason,
        delayMs: outcome.delayMs,
      },
      'provisioning: will retry',
    );
    deps.pause(target.id, Date.now() + outcome.delayMs);
    return false;
  }
  await deps.db.tx(async (q) => {
    if (!(await markFailed(q, item, outcome.status, outcome.reason))) return;
    await audit(q, null, {
      entityType: 'provisioning',
      entityId: item.id,
      action: 'fail',
      after: { target: target.id, kind: item.kind, ...id, status: outcome.status, reason: outcome.reason },
    });
  });
  deps.log.warn(
    { target: target.id, kind: item.kind, id: item.localId, reason: outcome.reason },
    'provisioning: failed',
  );
  return true;
}

/**
 * Sends a claimed batch: the users first, then the groups (which name the users made meanwhile). Records
 * the delivered in one statement and each failure on its own. Answers whether the loop goes on: not after
 * a failure to retry later, nor when the server stops (the leases of what was not sent go back).
 */
async function deliverBatch(
  deps: DeliveryLoopDeps,
  target: ScimTarget,
  deliver: Deliver,
  items: readonly QueueItem[],
): Promise<boolean> {
  const users = items.filter((i) => i.kind === 'user');
  if (users.length > 0 && users.length < items.length) {
    // Groups wait while users of the target are due: sent once the users are there, a group names them
    // all in one call instead of one call per batch of users. The loop claims them again next round.
    await releaseLeases(
      deps.db,
      items.filter((i) => i.kind === 'group').map((i) => i.id),
    );
    return deliverBatch(deps, target, deliver, users);
  }
  // From here on the batch is of one kind.
  if (deps.stopped()) {
    await releaseLeases(
      deps.db,
      items.map((i) => i.id),
    );
    return false;
  }
  let failures: Map<number, unknown>;
  try {
    failures = await deliver(items);
  } catch (error) {
    // Recording the batch failed (the database unavailable, say): every item of it failed so.
    failures = new Map(items.map((i) => [i.id, error]));
  }
  await markDelivered(
    deps.db,
    items.filter((i) => failures.get(i.id) === null),
  );
  // After a failure to retry later the target is not answering: the loop stops, the rest waits its turn.
  let goOn = true;
  for (const item of items) {
    const error = failures.get(item.id);
    if (error === null || error === undefined) continue;
    if (deps.stopped()) {
      // Cut short by the close: not an attempt; the lease goes back for the next instance or start.
      await releaseLeases(deps.db, [item.id]);
    } else if (!(await settle(deps, target, item, error))) goOn = false;
  }
  return goOn && !deps.stopped();
}

/** Delivers the target's due rows until none is left, the target fails with a retry, or the server stops. */
export async function runTargetLoop(deps: DeliveryLoopDeps, target: ScimTarget): Promise<void> {
  const deliver = deliveryFor(deps, target);
  while (!deps.stopped()) {
    const items = await claimDue(deps.db, target.id, CLAIM_BATCH, deps.settings.leaseMs, deps.drainSince());
    if (items.length === 0) return;
    if (!(await deliverBatch(deps, target, deliver, items))) return;
  }
}
