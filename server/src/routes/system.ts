/** /api/v1/system: the super user's system area (spec §2 System area, §7). */
import { mayOpenSystem } from 'shared-auth/rules';
import { enabledBy, permit } from '../plugins/permissions.js';
import { TIDY_JOBS } from '../jobs/tidy.job.js';
import { countJobRun } from '../plugins/metrics.js';
import { roleSchema, userRoleSchema } from '../domain/schemas.js';
import { httpError } from '../errors.js';
import { writes } from '../plugins/csrf.js';
import { createSeedRunner, SeedAlreadyRunningError, SEED_RUN_STEPS } from '../jobs/performance-seed-run.js';
import { seedAuditTrail } from '../stores/audit.store.js';
import { cleanupNow, expiryNotificationsNow, JOB_BUSY, tidyNow } from '../use-cases/job-trigger.js';
import { expiringUserRoles, unknownRoles } from '../stores/system.store.js';
import type { SchemaTypedApp } from '../plugins/schema-types.js';

const looseObject = { type: 'object', additionalProperties: true } as const;

const CLEANED = {
  invitations: [{ id: 301, email: 'jane@example.org', expiryDate: 1_768_435_200 }],
  userRoles: [
    {
      id: 77,
      userId: 5,
      roleId: 12,
      roleName: 'Research wiki editors',
      email: 'guest@example.org',
      endDate: 1_767_225_600,
    },
  ],
};

/** What a tidy job's run answers, for the document. */
function tidyExample(job: string) {
  return {
    job,
    days: 1000,
    removedUsers: 1,
    removedMemberships: 2,
    removedAuditRows: 0,
    before: null,
    users: [
      { id: 5, name: 'Gina Guest', email: 'guest@example.org', lastActivity: 1_680_307_200, memberships: 2 },
    ],
  };
}

const tidyResultSchema = {
  type: 'object',
  properties: {
    job: { type: 'string' },
    days: { type: 'integer' },
    removedUsers: { type: 'integer' },
    removedMemberships: { type: 'integer' },
    removedAuditRows: { type: 'integer' },
    before: { type: ['integer', 'null'] },
    users: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: { type: 'integer' },
          name: { type: ['string', 'null'] },
          email: { type: ['string', 'null'] },
          lastActivity: { type: ['integer', 'null'] },
          memberships: { type: 'integer' },
        },
      },
    },
  },
} as const;

export default async function systemRoutes(app: SchemaTypedApp): Promise<void> {
  const mayOpen = permit(mayOpenSystem, 'Only a super user may do this');

  app.get(
    '/api/v1/system/cron/cleanup',
    {
      preHandler: mayOpen,
      config: writes({ errors: { 409: JOB_BUSY.cleanup } }),
      schema: {
        response: {
          200: {
            type: 'object',
            properties: {
              invitations: { type: 'array', items: looseObject },
              userRoles: { type: 'array', items: looseObject },
            },
            examples: [CLEANED],
          },
        },
      },
    },
    async () => cleanupNow(app, (outcome) => countJobRun(app, 'cleanup', outcome)),
  );

  // The tidy-data jobs (jobs/tidy.job.ts), each started by hand from the cron tab.
  for (const job of TIDY_JOBS) {
    app.get(
      `/api/v1/system/cron/${job}`,
      {
        preHandler: mayOpen,
        config: writes({ errors: { 409: JOB_BUSY.tidy(job) } }),
        schema: { response: { 200: { ...tidyResultSchema, examples: [tidyExample(job)] } } },
      },
      async () => tidyNow(app, job, (outcome) => countJobRun(app, 'tidy', outcome)),
    );
  }

  app.get(
    '/api/v1/system/cron/expiry-notifications',
    {
      preHandler: mayOpen,
      config: writes({ errors: { 409: JOB_BUSY.expiryNotifications } }),
      schema: {
        response: {
          200: {
            type: 'object',
            properties: {
              mails: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    to: { type: 'string', examples: ['guest@example.org'] },
                    subject: {
                      type: 'string',
                      examples: ['Your access via role Research wiki editors is about to expire'],
                    },
                    text: {
                      type: 'string',
                      examples: [
                        'Dear Gina Guest, your membership of the role Research wiki editors ends on 01/01/2027.',
                      ],
                    },
                    html: { type: 'string', examples: ['<!DOCTYPE html><html lang="en">…</html>'] },
                  },
                },
              },
            },
          },
        },
      },
    },
    async () => ({ mails: await expiryNotificationsNow(app) }),
  );

  app.get(
    '/api/v1/system/unknown-roles',
    { preHandler: mayOpen, schema: { response: { 200: { type: 'array', items: roleSchema } } } },
    async () => {
      const known = (await app.registry.providers()).map((p) => p.manageId);
      return unknownRoles(app.db, app.registry, [...new Set(known)]);
    },
  );

  app.get(
    '/api/v1/system/expiry-user-roles',
    { preHandler: mayOpen, schema: { response: { 200: { type: 'array', items: userRoleSchema } } } },
    async () => {
      return expiringUserRoles(app.db, app.registry, app.config.expiringRolesDays);
    },
  );

  const seedRunner = createSeedRunner();
  const seedCounts = {
    roles: { type: 'integer', examples: [500] },
    users: { type: 'integer', examples: [75_000] },
    userRoles: { type: 'integer', examples: [150_000] },
    invitations: { type: 'integer', examples: [10_000] },
    auditLogs: { type: 'integer', examples: [200_000] },
    auditTrailMs: { type: 'integer', examples: [4_200] },
    ms: { type: 'integer', examples: [61_000] },
  } as const;

  app.get(
    '/api/v1/system/performance-seed',
    {
      preHandler: mayOpen,
      schema: {
        response: {
          200: {
            type: 'object',
            properties: {
              running: { type: 'boolean', examples: [true] },
              step: { type: ['string', 'null'], enum: [...SEED_RUN_STEPS, null] },
              stepsDone: { type: 'integer', examples: [1] },
              stepsTotal: { type: 'integer', examples: [SEED_RUN_STEPS.length] },
              usersDone: { type: 'integer', examples: [30_000] },
              usersTotal: { type: 'integer', examples: [75_000] },
              startedAt: { type: ['integer', 'null'], examples: [1_767_225_600] },
              finishedAt: { type: ['integer', 'null'], examples: [null] },
              result: { type: ['object', 'null'], properties: seedCounts, examples: [null] },
              error: { type: ['string', 'null'], examples: [null] },
            },
          },
        },
      },
    },
    async () => seedRunner.state(),
  );

  app.put(
    '/api/v1/system/performance-seed',
    {
      // Off unless PERFORMANCE_SEED_ALLOWED: it writes 75,000 users into whatever database this is.
      preHandler: [
        mayOpen,
        enabledBy((config) => config.performanceSeedAllowed, 'The performance seed is not allowed here'),
      ],
      config: { errors: { 409: 'The performance seed is already running' } },
      schema: {
        // The bench's `--scale N`: N times the roles and users (at 100, a national federation's volume:
        // 50,000 and 7.5 million).
        querystring: {
          type: 'object',
          properties: { scale: { type: 'integer', minimum: 1, maximum: 100, examples: [1] } },
          additionalProperties: false,
        },
        response: { 200: { type: 'object', properties: seedCounts } },
      },
    },
    async (request) => {
      const scale = request.query.scale ?? 1;
      const first = (await app.registry.providers())[0];
      // Development-only code (dev/), loaded only once the seed is allowed here and asked for.
      const { EMAIL_DOMAIN, performanceSeed, SHORT_NAME_PREFIX, SUB_PREFIX } =
        await import('../dev/seed/performance-seed.js');
      try {
        return await seedRunner.run(async (step) => {
          const started = Date.now();
          const counts = await performanceSeed(app.db, {
            groupUrnPrefix: app.config.groupUrnPrefix,
            roles: 500 * scale,
            users: 75_000 * scale,
            ...(first ? { manageId: first.manageId, manageType: first.manageType } : {}),
            onProgress: (progress) => {
              if (progress.phase !== 'done') step(progress.phase, progress);
            },
          });
          step('auditTrail');
          const trailStarted = Date.now();
          const auditLogs = await seedAuditTrail(app.db, {
            subPrefix: SUB_PREFIX,
            shortNamePrefix: SHORT_NAME_PREFIX,
            emailDomain: EMAIL_DOMAIN,
          });
          const auditTrailMs = Date.now() - trailStarted;
          return { ...counts, auditLogs, auditTrailMs, ms: Date.now() - started };
        });
      } catch (error) {
        if (error instanceof SeedAlreadyRunningError) throw httpError(409, error.message);
        throw error;
      }
    },
  );
}
