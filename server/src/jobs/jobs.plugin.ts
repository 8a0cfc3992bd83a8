/** Runs the jobs on their configured intervals (CRON_CLEANUP, CRON_EXPIRY_NOTIFICATIONS; 0 = off). */
import fp from 'fastify-plugin';
import { runCleanup } from './cleanup.job.js';
import { runExpiryNotifications } from './expiry-notifications.job.js';

export const jobsPlugin = fp(
  async (app) => {
    const timers: NodeJS.Timeout[] = [];
    /** The runs under way: each job runs once at a time, and a close waits for them. */
    const running = new Map<string, Promise<void>>();
    const every = (ms: number, name: string, job: () => Promise<unknown>) => {
      if (ms <= 0) return;
      const timer = setInterval(() => {
        if (running.has(name)) return;
        const run = job()
          .then(() => undefined)
          .catch((error: unknown) => app.log.error({ err: error, job: name }, 'job failed'))
          .finally(() => running.delete(name));
        running.set(name, run);
      }, ms);
      timer.unref();
      timers.push(timer);
    };
    app.addHook('onReady', async () => {
      every(app.config.cronCleanupMs, 'cleanup', () => runCleanup(app.db));
      every(app.config.cronExpiryNotificationsMs, 'expiry-notifications', () =>
        runExpiryNotifications({
          db: app.db,
          mailer: app.mailer,
          registry: app.registry,
          days: app.config.expiryNotificationDays,
          publicUrl: app.config.publicUrl,
          log: app.log,
        }),
      );
    });
    // Before the database closes (an onClose hook, app.ts): no run starts any more, and one under way ends
    // first. Stopped in onClose, the timers went on firing while the database closed ("Cannot use a pool
    // after calling end on the pool"), and a run could be in its transaction when the database went.
    app.addHook('preClose', async () => {
      for (const timer of timers) clearInterval(timer);
      await Promise.all(running.values());
    });
  },
  { name: 'jobs' },
);
