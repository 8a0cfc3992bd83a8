/** Runs the jobs on their configured intervals (CRON_CLEANUP, CRON_EXPIRY_NOTIFICATIONS; 0 = off). */
import fp from 'fastify-plugin';
import { runCleanup } from './cleanup.job.js';
import { runExpiryNotifications } from './expiry-notifications.job.js';

export const jobsPlugin = fp(
  async (app) => {
    const timers: NodeJS.Timeout[] = [];
    const every = (ms: number, name: string, job: () => Promise<unknown>) => {
      if (ms <= 0) return;
      let running = false;
      const timer = setInterval(() => {
        if (running) return;
        running = true;
        job()
          .catch((error: unknown) => app.log.error({ err: error, job: name }, 'job failed'))
          .finally(() => {
            running = false;
          });
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
    app.addHook('onClose', async () => {
      for (const timer of timers) clearInterval(timer);
    });
  },
  { name: 'jobs' },
);
