/**
 * Runs the jobs on their configured intervals (CRON_CLEANUP, CRON_EXPIRY_NOTIFICATIONS, CRON_TIDY; 0 = off)
 * through the instance's one scheduler (scheduler.ts, shared with the provisioning worker), and counts
 * their runs (metrics).
 */
import fp from 'fastify-plugin';
import { runCleanup } from './cleanup.job.js';
import { runExpiryNotifications } from './expiry-notifications.job.js';
import { runTidyJob, TIDY_JOBS } from './tidy.job.js';
import { countJobRun } from '../plugins/metrics.js';
import { Scheduler } from './scheduler.js';

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

declare module 'fastify' {
  interface FastifyInstance {
    /** The instance's one scheduler: the jobs and the provisioning worker run through it. */
    scheduler: Scheduler;
  }
}

export const jobsPlugin = fp(
  async (app) => {
    const scheduler = new Scheduler((name, error) =>
      app.log.error({ err: error, job: name }, 'scheduled run failed'),
    );
    app.decorate('scheduler', scheduler);
    /** A job on its interval (0: off): its outcome counted and logged, a failure too. */
    const every = (ms: number, name: string, job: () => Promise<unknown>) => {
      if (ms <= 0) return;
      scheduler.add({
        name,
        everyMs: ms,
        run: () =>
          job().then(
            (result) => {
              countJobRun(app, name, result === null ? 'skipped' : 'ran');
              if (result !== null) app.log.info({ job: name, result: summary(result) }, 'job ran');
            },
            (error: unknown) => {
              countJobRun(app, name, 'failed');
              app.log.error({ err: error, job: name }, 'job failed');
            },
          ),
      });
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
    app.addHook('preClose', () => scheduler.stop());
  },
  { name: 'jobs' },
);
