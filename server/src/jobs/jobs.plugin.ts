/**
 * Runs the jobs on their configured intervals (CRON_CLEANUP, CRON_EXPIRY_NOTIFICATIONS, CRON_TIDY; 0 = off)
 * and counts their runs (metrics).
 */
import fp from 'fastify-plugin';
import { runCleanup } from './cleanup.job.js';
import { runExpiryNotifications } from './expiry-notifications.job.js';
import { runTidyJob, TIDY_JOBS } from './tidy.job.js';
import { countJobRun } from '../plugins/metrics.js';

/** What a run's log line says: the counts, not every removed row. */
function summary(result: unknown): unknown {
  if (Array.isArray(result)) {
    // The tidy jobs' results, one per job; any other list (mails) by its length.
    return result.every((r) => r && typeof r === 'object' && 'job' in r)
      ? result.map(summary)
      : result.length;
  }
  if (!result || typeof result !== 'object') return result;
  return Object.fromEntries(
    Object.entries(result).map(([key, value]) => [key, Array.isArray(value) ? value.length : value]),
  );
}

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
          .then((result) => {
            countJobRun(app, name, result === null ? 'skipped' : 'ran');
            if (result !== null) app.log.info({ job: name, result: summary(result) }, 'job ran');
          })
          .catch((error: unknown) => {
            countJobRun(app, name, 'failed');
            app.log.error({ err: error, job: name }, 'job failed');
          })
          .finally(() => running.delete(name));
        running.set(name, run);
      }, ms);
      timer.unref();
      timers.push(timer);
    };
    app.addHook('onReady', async () => {
      every(app.config.cronCleanupMs, 'cleanup', () =>
        runCleanup(app.db, app.config.tidy.invitationRetentionDays),
      );
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
      every(app.config.cronTidyMs, 'tidy', async () => {
        const results = [];
        for (const job of TIDY_JOBS) results.push(await runTidyJob(app.db, job, app.config.tidy));
        return results;
      });
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
