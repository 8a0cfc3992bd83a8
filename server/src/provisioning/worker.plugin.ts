/**
 * The delivery worker, one in each instance (PROVISIONING=false turns it off). It plans the changes the
 * triggers recorded into deliveries, then runs one loop per SCIM target: a slow or unreachable target holds
 * back only its own deliveries. Each delivery is claimed under a lease (provisioning_queue.leased_until),
 * so two instances never send one resource at once, and one killed mid-delivery leaves a lease that runs
 * out: the delivery is made again, by whichever instance comes first.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/types.js';
import { LOCK_KEYS, withJobLock } from '../db/locks.js';
import type { ScimTarget } from '../registry/registry.js';
import { audit } from '../stores/audit.store.js';
import {
  claimDue,
  enqueueWholeTarget,
  markDelivered,
  markFailed,
  markRetry,
  planChanges,
  releaseAllLeases,
  releaseLeases,
  targetCounts,
  type PlannedTarget,
  type QueueItem,
} from '../stores/provisioning.store.js';
import { registerProvisioningBacklogGauge } from '../plugins/metrics.js';
import { deliverGroup, deliverUser } from './deliver.js';
import { scimClient, ScimError } from './scim-client.js';
import { deliverEvaUser, deliverGraphUser } from './user-targets.js';

/** Changes taken per planning transaction, and deliveries claimed per round of a target's loop. */
const PLAN_BATCH = 2_000;
const CLAIM_BATCH = 20;

export interface ProvisioningWorker {
  /** Plan and deliver soon (a change was just made in this instance). */
  poke(): void;
  /** Plans and delivers until nothing is due (tests, the bench). */
  drain(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    provisioning: ProvisioningWorker;
  }
}

export function plannedTargets(targets: readonly ScimTarget[]): PlannedTarget[] {
  return targets.map((t) => ({ id: t.id, applications: t.applications, groups: !t.userProvisioningOnly }));
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

/** The next attempt's delay: the target's Retry-After, else exponential from the base, capped, jittered. */
export function backoffMs(attempts: number, base: number, max: number, retryAfter?: number): number {
  if (retryAfter !== undefined) return Math.min(Math.max(retryAfter, base), max);
  const exponential = Math.min(base * 2 ** Math.min(attempts, 30), max);
  return Math.round(exponential * (0.8 + Math.random() * 0.4));
}

export const provisioningWorker = fp(
  async (app: FastifyInstance) => {
    const settings = app.config.provisioning;
    let stopped = false;
    let ticking: Promise<void> | null = null;
    let again = false;
    /** The loop of each target under way, and until when a target that failed is left alone. */
    const loops = new Map<string, Promise<void>>();
    const pausedUntil = new Map<string, number>();
    /** While a drain runs: its start (each due row is tried once in it). */
    let drainSince: string | null = null;
    /** Microsoft Graph tokens, per target, until shortly before they expire. */
    const graphTokens = new Map<string, { token: string; until: number }>();
    /** Aborts the calls under way when the server closes: their deliveries are made after a restart. */
    const closing = new AbortController();

    async function plan(): Promise<void> {
      const targets = plannedTargets(await app.registry.scimTargets());
      for (;;) {
        // One planner at a time across instances; another instance planning now takes these changes.
        const outcome = await withJobLock(app.db, LOCK_KEYS.provisioningPlan, (q) =>
          planChanges(q, targets, PLAN_BATCH),
        );
        if (!outcome.ran || outcome.result < PLAN_BATCH) return;
      }
    }

    async function settle(target: ScimTarget, item: QueueItem, error: unknown): Promise<boolean> {
      const scim = error instanceof ScimError ? error : null;
      const reason = scim ? scim.message : `internal error: ${(error as Error).message}`;
      // Our own failures (the database unavailable, say) are tried again like a target's.
      const retry = scim ? scim.retry : true;
      if (retry && item.attempts + 1 < settings.maxAttempts) {
        const delay = backoffMs(item.attempts, settings.retryBaseMs, settings.retryMaxMs, scim?.retryAfterMs);
        await markRetry(app.db, item, delay, scim?.status ?? null, reason);
        app.log.warn(
          { target: target.id, kind: item.kind, id: item.localId, reason, delayMs: delay },
          'provisioning: will retry',
        );
        pausedUntil.set(target.id, Date.now() + delay);
        return false;
      }
      const shown = retry ? `gave up after ${item.attempts + 1} attempts: ${reason}` : reason;
      await app.db.tx(async (q) => {
        if (!(await markFailed(q, item, scim?.status ?? null, shown))) return;
        await audit(q, null, {
          entityType: 'provisioning',
          entityId: item.id,
          action: 'fail',
          after: {
            target: target.id,
            kind: item.kind,
            ...(item.kind === 'group' ? { roleId: item.localId } : { userId: item.localId }),
            status: scim?.status ?? null,
            reason: shown,
          },
        });
      });
      app.log.warn(
        { target: target.id, kind: item.kind, id: item.localId, reason: shown },
        'provisioning: failed',
      );
      return true;
    }

    async function runTarget(target: ScimTarget): Promise<void> {
      const client = scimClient(target, { timeoutMs: settings.timeoutMs, signal: closing.signal });
      const ctx = { db: app.db, target, client };
      const userCtx = {
        db: app.db,
        target,
        timeoutMs: settings.timeoutMs,
        publicUrl: app.config.publicUrl,
        graphLoginUrl: settings.graphLoginUrl,
        signal: closing.signal,
        tokens: graphTokens,
      };
      const protocol = target.protocol ?? 'scim';
      while (!stopped) {
        const items = await claimDue(app.db, target.id, CLAIM_BATCH, settings.leaseMs, drainSince);
        if (items.length === 0) return;
        for (let i = 0; i < items.length; i += 1) {
          const item = items[i]!;
          if (stopped) {
            await releaseLeases(
              app.db,
              items.slice(i).map((it) => it.id),
            );
            return;
          }
          try {
            // eVA and Graph take users only (a group row of theirs has nothing to send).
            if (protocol === 'eva') {
              if (item.kind === 'user') await deliverEvaUser(userCtx, item.localId);
            } else if (protocol === 'graph') {
              if (item.kind === 'user') await deliverGraphUser(userCtx, item.localId);
            } else if (item.kind === 'group') await deliverGroup(ctx, item.localId);
            else await deliverUser(ctx, item.localId);
            await markDelivered(app.db, item);
          } catch (error) {
            if (stopped) {
              // Cut short by the close: not an attempt; the lease goes back for the next instance or start.
              await releaseLeases(
                app.db,
                items.slice(i).map((it) => it.id),
              );
              return;
            }
            const goOn = await settle(target, item, error);
            if (!goOn) {
              // The target is not answering: the rest waits for its turn, in order.
              await releaseLeases(
                app.db,
                items.slice(i + 1).map((it) => it.id),
              );
              return;
            }
          }
        }
      }
    }

    async function tick(): Promise<void> {
      await plan();
      const targets = await app.registry.scimTargets();
      const now = Date.now();
      for (const target of targets) {
        if (loops.has(target.id) || (pausedUntil.get(target.id) ?? 0) > now) continue;
        const loop = runTarget(target)
          .catch((error: unknown) =>
            app.log.error({ err: error, target: target.id }, 'provisioning loop failed'),
          )
          .finally(() => loops.delete(target.id));
        loops.set(target.id, loop);
      }
    }

    /** One tick at a time; a poke during a tick runs another right after it. */
    function wake(): Promise<void> {
      if (stopped) return Promise.resolve();
      if (ticking) {
        again = true;
        return ticking;
      }
      ticking = tick()
        .catch((error: unknown) => app.log.error({ err: error }, 'provisioning: planning failed'))
        .finally(() => {
          ticking = null;
          if (again) {
            again = false;
            void wake();
          }
        });
      return ticking;
    }

    // The operator's view of the backlog (GET /metrics): deliveries waiting, per target, read when scraped.
    registerProvisioningBacklogGauge(app.metrics, async () =>
      (await targetCounts(app.db)).map((c) => ({ target: c.target, waiting: c.waiting })),
    );

    app.decorate<ProvisioningWorker>('provisioning', {
      poke() {
        if (settings.worker) setImmediate(() => void wake());
      },
      async drain() {
        // Until every change is planned and every due delivery was tried once since the drain began: a
        // target that is down is not retried again and again within one drain.
        const { rows: began } = await app.db.query<{ t: string }>('SELECT clock_timestamp()::text AS t');
        drainSince = began[0]!.t;
        try {
          await drainRounds(drainSince);
        } finally {
          drainSince = null;
        }
      },
    });

    async function drainRounds(since: string): Promise<void> {
      for (let round = 0; round < 100_000 && !stopped; round += 1) {
        pausedUntil.clear();
        await wake();
        await Promise.all(loops.values());
        const { rows } = await app.db.query<{ n: string }>(
          `SELECT (SELECT count(*) FROM provisioning_changes)
                  + (SELECT count(*) FROM provisioning_queue WHERE status = 'waiting' AND next_attempt_at <= now()
                       AND (last_attempt_at IS NULL OR last_attempt_at < $1::timestamptz)) AS n`,
          [since],
        );
        if (Number(rows[0]?.n ?? 0) === 0) return;
      }
    }

    if (!settings.worker) return;

    let timer: NodeJS.Timeout | null = null;
    app.addHook('onReady', async () => {
      // An embedded database has one instance: every lease is this process's, from before a restart.
      if (app.db.kind === 'pglite') await releaseAllLeases(app.db);
      timer = setInterval(() => void wake(), settings.pollMs);
      timer.unref();
      void wake();
    });
    // A change made through this instance is sent without waiting for the next poll.
    app.addHook('onResponse', async (request) => {
      if (request.method !== 'GET' && request.method !== 'HEAD' && request.url.startsWith('/api/')) {
        app.provisioning.poke();
      }
    });
    app.addHook('preClose', async () => {
      stopped = true;
      closing.abort();
      if (timer) clearInterval(timer);
      await ticking;
      await Promise.all(loops.values());
    });
  },
  { name: 'provisioning-worker' },
);
