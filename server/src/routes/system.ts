/** /api/v1/system: the super user's system area (spec §2 System area, §7). */
import type { FastifyInstance } from 'fastify';
import { mayOpenSystem } from 'shared-auth/rules';
import { requireRule } from '../plugins/auth.js';
import { runCleanup } from '../jobs/cleanup.job.js';
import { runExpiryNotifications } from '../jobs/expiry-notifications.job.js';
import { roleSchema, userRoleSchema } from '../domain/schemas.js';
import { httpError } from '../errors.js';
import { performanceSeed } from '../seed/performance-seed.js';
import { expiringUserRoles, unknownRoles } from '../stores/system.store.js';

const looseObject = { type: 'object', additionalProperties: true } as const;

export default async function systemRoutes(app: FastifyInstance): Promise<void> {
  const superUser = { preHandler: requireRule(mayOpenSystem, 'Only a super user may do this') };

  app.get(
    '/api/v1/system/cron/cleanup',
    {
      ...superUser,
      schema: {
        response: {
          200: {
            type: 'object',
            properties: {
              invitations: { type: 'array', items: looseObject },
              userRoles: { type: 'array', items: looseObject },
            },
          },
        },
      },
    },
    async () => {
      const result = await runCleanup(app.db);
      if (!result) throw httpError(409, 'The cleanup is running on another instance');
      return result;
    },
  );

  app.get(
    '/api/v1/system/cron/expiry-notifications',
    {
      ...superUser,
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
                    to: { type: 'string' },
                    subject: { type: 'string' },
                    text: { type: 'string' },
                    html: { type: 'string' },
                  },
                },
              },
            },
          },
        },
      },
    },
    async () => {
      const mails = await runExpiryNotifications({
        db: app.db,
        mailer: app.mailer,
        registry: app.registry,
        days: app.config.expiryNotificationDays,
        publicUrl: app.config.publicUrl,
        log: app.log,
      });
      if (!mails) throw httpError(409, 'The expiry notifications are running on another instance');
      return { mails };
    },
  );

  app.get(
    '/api/v1/system/unknown-roles',
    { ...superUser, schema: { response: { 200: { type: 'array', items: roleSchema } } } },
    async () => {
      const known = (await app.registry.providers()).map((p) => p.manageId);
      return unknownRoles(app.db, app.registry, [...new Set(known)]);
    },
  );

  app.get(
    '/api/v1/system/expiry-user-roles',
    { ...superUser, schema: { response: { 200: { type: 'array', items: userRoleSchema } } } },
    async () => {
      return expiringUserRoles(app.db, app.registry);
    },
  );

  app.put(
    '/api/v1/system/performance-seed',
    {
      ...superUser,
      schema: {
        response: {
          200: {
            type: 'object',
            properties: {
              roles: { type: 'integer' },
              users: { type: 'integer' },
              userRoles: { type: 'integer' },
              invitations: { type: 'integer' },
              ms: { type: 'integer' },
            },
          },
        },
      },
    },
    async () => {
      if (!app.config.performanceSeedAllowed)
        throw httpError(403, 'The performance seed is not allowed here');
      const first = (await app.registry.providers())[0];
      return performanceSeed(app.db, {
        groupUrnPrefix: app.config.groupUrnPrefix,
        ...(first ? { manageId: first.manageId, manageType: first.manageType } : {}),
      });
    },
  );
}
