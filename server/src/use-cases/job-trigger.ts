/**
 * The cron jobs a super user starts by hand (`GET /api/v1/system/cron/…`): the same job functions the
 * scheduler runs (jobs/), each a 409 when another instance holds its lock. `counted` hears whether it
 * ran, for the job metrics the route keeps.
 */
import type { FastifyInstance } from 'fastify';
import type { CleanupResult, TidyJob, TidyResult } from 'shared-auth/rules';
import type { OutgoingMail } from '../domain/outgoing-mail.js';
import { httpError } from '../errors.js';
import { runCleanup } from '../jobs/cleanup.job.js';
import { runExpiryNotifications } from '../jobs/expiry-notifications.job.js';
import { runTidyJob } from '../jobs/tidy.job.js';

/** Whether a started job ran or found its lock taken. */
export type JobOutcome = 'ran' | 'skipped';

/** The 409 of each job, as the routes declare it. */
export const JOB_BUSY = {
  cleanup: 'The cleanup is running on another instance',
  expiryNotifications: 'The expiry notifications are running on another instance',
  tidy: (job: TidyJob) => `The job ${job} is running on another instance`,
} as const;

/** Expired invitations and ended memberships gone (with the idempotency keys and limiter counts). */
export async function cleanupNow(
  app: Pick<FastifyInstance, 'db' | 'config'>,
  counted: (outcome: JobOutcome) => void,
): Promise<CleanupResult> {
  const result = await runCleanup(app.db, app.config.tidy.invitationRetentionDays);
  counted(result ? 'ran' : 'skipped');
  if (!result) throw httpError(409, JOB_BUSY.cleanup);
  return result;
}

/** One tidy-data job (jobs/tidy.job.ts). */
export async function tidyNow(
  app: Pick<FastifyInstance, 'db' | 'config'>,
  job: TidyJob,
  counted: (outcome: JobOutcome) => void,
): Promise<TidyResult> {
  const result = await runTidyJob(app.db, job, app.config.tidy);
  counted(result ? 'ran' : 'skipped');
  if (!result) throw httpError(409, JOB_BUSY.tidy(job));
  return result;
}

/** The mails to members whose access ends within EXPIRY_NOTIFICATION_DAYS, sent. */
export async function expiryNotificationsNow(
  app: Pick<FastifyInstance, 'db' | 'mailer' | 'registry' | 'config' | 'log'>,
): Promise<OutgoingMail[]> {
  const mails = await runExpiryNotifications({
    db: app.db,
    mailer: app.mailer,
    registry: app.registry,
    days: app.config.expiryNotificationDays,
    publicUrl: app.config.publicUrl,
    log: app.log,
  });
  if (!mails) throw httpError(409, JOB_BUSY.expiryNotifications);
  return mails;
}
