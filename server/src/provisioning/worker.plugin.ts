/**
 * The provisioning worker, one in each instance (PROVISIONING=false turns it off): on the instance's one
 * scheduler (jobs/scheduler.ts, task `provisioning`), each run plans the recorded changes (planner.ts) and
 * starts a delivery loop (delivery-loop.ts) for each target that has none running and is not waiting out a
 * retry. Deliveries are claimed under a lease (provisioning_queue.leased_until), so two instances never
 * send one resource at once, and one killed mid-delivery leaves a lease that runs out: the delivery is
 * made again, by whichever instance comes first.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { ScimTarget } from '../registry/registry.js';
import { registerProvisioningBacklogGauge } from '../plugins/metrics.js';
import { targetCounts } from '../stores/provisioning-admin.store.js';
import { databaseNow, pendingSince, releaseAllLeases } from '../stores/provisioning-queue.store.js';
import { runTargetLoop, type DeliveryLoopDeps } from './delivery-loop.js';
import { planPending } from './planner.js';

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

const TASK = 'provisioning';

/**
 * How long a poke waits for more pokes before the task runs: the changes of many requests in a burst are
 * planned together (one planning transaction for them, not one for each), at the cost of this much delay.
 */
export const POKE_DELAY_MS = 25;

export const provisioningWorker = fp(
  async (app: FastifyInstance) => {
    const settings = app.config.provisioning;
    let stopped = false;
    /** The loop of each target under way, and until when a target that failed is left alone. */
    const loops = new Map<string, Promise<void>>();
    const pausedUntil = new Map<string, number>();
    /** While a drain runs: its start (each due row is tried once in it). */
    let drainSince: string | null = null;
    /** Aborts the calls under way when the server closes: their deliveries are made after a restart. */
    const closing = new AbortController();
    /** A run asked for by a poke, waiting POKE_DELAY_MS for other pokes. */
    let poked: NodeJS.Timeout | undefined;
    const deps: DeliveryLoopDeps = {
      db: app.db,
      log: app.log,
      settings,
      publicUrl: app.config.publicUrl,
      signal: closing.signal,
      graphTokens: new Map(),
      stopped: () => stopped,
      drainSince: () => drainSince,
      pause: (target, until) => pausedUntil.set(target, until),
    };

    function startLoop(target: ScimTarget): void {
      const loop = runTargetLoop(deps, target)
        .catch((error: unknown) =>
          app.log.error({ err: error, target: target.id }, 'provisioning loop failed'),
        )
        .finally(() => loops.delete(target.id));
      loops.set(target.id, loop);
    }

    /** One run of the task: plan, then a loop for each target that has none and is not paused. */
    async function run(): Promise<void> {
      if (stopped) return;
      try {
        const targets = await app.registry.scimTargets();
        await planPending(app.db, targets);
        const now = Date.now();
        for (const target of targets) {
          if (loops.has(target.id) || (pausedUntil.get(target.id) ?? 0) > now) continue;
          startLoop(target);
        }
      } catch (error) {
        app.log.error({ err: error }, 'provisioning: planning failed');
      }
    }

    // Without the worker, the task runs only when a drain wakes it (tests, the bench).
    if (!settings.worker) app.scheduler.add({ name: TASK, everyMs: 0, run });

    // The operator's view of the backlog (GET /metrics): deliveries waiting, per target, read when scraped.
    registerProvisioningBacklogGauge(app.metrics, async () =>
      (await targetCounts(app.db)).map((c) => ({ target: c.target, waiting: c.waiting })),
    );

    /**
     * Until every change is planned and every due delivery was tried once since the drain began: a target
     * that is down is not retried again and again within one drain.
     */
    async function drainRounds(since: string): Promise<void> {
      for (let round = 0; round < 100_000 && !stopped; round += 1) {
        pausedUntil.clear();
        await app.scheduler.wake(TASK);
        await Promise.all(loops.values());
        if ((await pendingSince(app.db, since)) === 0) return;
      }
    }

    app.decorate<ProvisioningWorker>('provisioning', {
      poke() {
        if (!settings.worker || poked || stopped) return;
        poked = setTimeout(() => {
          poked = undefined;
          void app.scheduler.wake(TASK);
        }, POKE_DELAY_MS);
        poked.unref();
      },
      async drain() {
        drainSince = await databaseNow(app.db);
        try {
          await drainRounds(drainSince);
        } finally {
          drainSince = null;
        }
      },
    });

    if (!settings.worker) return;

    app.addHook('onReady', async () => {
      // An embedded database has one instance: every lease is this process's, from before a restart.
      if (app.db.kind === 'pglite') await releaseAllLeases(app.db);
      app.scheduler.add({ name: TASK, everyMs: settings.pollMs, run });
      void app.scheduler.wake(TASK);
    });
    // A change made through this instance is sent without waiting for the next poll.
    app.addHook('onResponse', async (request) => {
      if (request.method !== 'GET' && request.method !== 'HEAD' && request.url.startsWith('/api/')) {
        app.provisioning.poke();
      }
    });
    app.addHook('preClose', async () => {
      stopped = true;
      clearTimeout(poked);
      closing.abort();
      await Promise.all(loops.values());
    });
  },
  { name: 'provisioning-worker', dependencies: ['jobs'] },
);
