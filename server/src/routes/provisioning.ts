/**
 * How the console's decisions stand at the SCIM targets (issue 41): the system area's Provisioning tab
 * (waiting and failed deliveries, retry, send a target everything again) and a role's state per target.
 * Secrets of a target never leave the server: a target is shown by its id, names and URL.
 */
import {
  mayOpenSystem,
  mayReadRole,
  type ProvisioningDelivery,
  type ProvisioningOverview,
  type RoleProvisioning,
  type ShownProvisioningTarget,
} from 'shared-auth/rules';
import { idParams } from '../domain/schemas.js';
import { requireUser } from '../plugins/auth.js';
import { entity, permit } from '../plugins/permissions.js';
import { roleInPath } from './role-entities.js';
import type { ScimTarget } from '../registry/registry.js';
import {
  queueRow,
  queueRows,
  roleTargetStates,
  targetCounts,
  unplannedChanges,
  type QueueRow,
} from '../stores/provisioning-admin.store.js';
import { resyncTarget, retryDelivery } from '../use-cases/provisioning-admin.js';
import type { SchemaTypedApp } from '../plugins/schema-types.js';

const MAX_PAGE_SIZE = 100;

const targetSchema = {
  type: 'object',
  properties: {
    id: { type: 'string', examples: ['prov-scim-harderwijk'] },
    'name:en': { type: 'string', examples: ['Harderwijk SCIM'] },
    'name:nl': { type: 'string', examples: ['Harderwijk SCIM'] },
    url: { type: 'string', examples: ['https://scim.uni-harderwijk.example.org/v2'] },
    groups: { type: 'boolean', examples: [true] },
    putMethod: { type: 'boolean', examples: [false] },
    protocol: { type: 'string', enum: ['scim', 'eva', 'graph'], examples: ['scim'] },
    applications: { type: 'array', items: { type: 'string' }, examples: [['app-wiki', 'app-gitlab']] },
  },
} as const;

const queueItemSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer', examples: [88] },
    target: { type: 'string', examples: ['prov-scim-harderwijk'] },
    kind: { type: 'string', enum: ['group', 'user'], examples: ['user'] },
    localId: { type: 'integer', examples: [5] },
    label: { type: ['string', 'null'], examples: ['guest@example.org'] },
    status: { type: 'string', enum: ['waiting', 'failed'], examples: ['failed'] },
    attempts: { type: 'integer', examples: [3] },
    nextAttemptAt: { type: 'integer', examples: [1_769_904_600] },
    lastStatus: { type: ['integer', 'null'], examples: [503] },
    lastError: { type: ['string', 'null'], examples: ['The target answered 503 Service Unavailable'] },
    updatedAt: { type: 'integer', examples: [1_769_904_000] },
  },
} as const;

/** A target as the console may see it: no credentials. */
function shownTarget(t: ScimTarget): ShownProvisioningTarget {
  return {
    id: t.id,
    'name:en': t['name:en'],
    'name:nl': t['name:nl'],
    url: t.url,
    groups: !t.userProvisioningOnly,
    putMethod: t.putMethod,
    protocol: t.protocol ?? 'scim',
    applications: t.applications,
  };
}

const epoch = (d: Date) => Math.floor(d.getTime() / 1000);
const shownItem = (r: QueueRow): ProvisioningDelivery => ({
  ...r,
  nextAttemptAt: epoch(r.nextAttemptAt),
  updatedAt: epoch(r.updatedAt),
});

const queueItemInPath = entity<QueueRow, QueueRow, { Params: { id: number } }>({
  load: (request) => queueRow(request.server.db, request.params.id),
  notFound: (request) => `Delivery ${request.params.id} not found: it was delivered or given up`,
});

export default async function provisioningRoutes(app: SchemaTypedApp): Promise<void> {
  const mayOpen = permit(mayOpenSystem, 'Only a super user may do this');

  app.get(
    '/api/v1/system/provisioning',
    {
      preHandler: mayOpen,
      schema: {
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            status: { type: 'string', enum: ['waiting', 'failed'] },
            target: { type: 'string', minLength: 1, maxLength: 255, examples: ['prov-scim-harderwijk'] },
            pageNumber: { type: 'integer', minimum: 0, maximum: 1_000_000 },
            pageSize: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE },
          },
        },
        response: {
          200: {
            type: 'object',
            properties: {
              targets: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    ...targetSchema.properties,
                    waiting: { type: 'integer', examples: [2] },
                    failed: { type: 'integer', examples: [1] },
                    users: { type: 'integer', examples: [140] },
                    groupsDelivered: { type: 'integer', examples: [12] },
                  },
                },
              },
              unplanned: { type: 'integer', examples: [0] },
              content: { type: 'array', items: queueItemSchema },
              totalElements: { type: 'integer', examples: [1] },
            },
          },
        },
      },
    },
    async (request): Promise<ProvisioningOverview> => {
      const { status, target, pageNumber = 0, pageSize = 25 } = request.query;
      const [targets, counts, unplanned, page] = await Promise.all([
        app.registry.scimTargets(),
        targetCounts(app.db),
        unplannedChanges(app.db),
        queueRows(app.db, { status, target }, pageSize, pageNumber * pageSize),
      ]);
      const byTarget = new Map(counts.map((c) => [c.target, c]));
      return {
        targets: targets.map((t) => {
          const c = byTarget.get(t.id);
          return {
            ...shownTarget(t),
            waiting: c?.waiting ?? 0,
            failed: c?.failed ?? 0,
            users: c?.users ?? 0,
            groupsDelivered: c?.groups ?? 0,
          };
        }),
        unplanned,
        content: page.rows.map(shownItem),
        totalElements: page.total,
      };
    },
  );

  app.put(
    '/api/v1/system/provisioning/:id/retry',
    {
      preHandler: [mayOpen, queueItemInPath.permit(() => true)],
      schema: { params: idParams, response: { 204: { type: 'null' } } },
    },
    async (request, reply) => {
      await retryDelivery(app, request, queueItemInPath.of(request));
      return reply.status(204).send();
    },
  );

  app.put(
    '/api/v1/system/provisioning/targets/:target/resync',
    {
      preHandler: mayOpen,
      config: { errors: { 404: 'No SCIM target prov-scim-harderwijk in the registry' } },
      schema: {
        params: {
          type: 'object',
          required: ['target'],
          properties: {
            target: { type: 'string', minLength: 1, maxLength: 255, examples: ['prov-scim-harderwijk'] },
          },
        },
        response: {
          200: { type: 'object', properties: { queued: { type: 'integer', examples: [152] } } },
        },
      },
    },
    async (request) => resyncTarget(app, request, request.params.target),
  );

  app.get(
    '/api/v1/roles/:id/provisioning',
    {
      preHandler: [roleInPath.permit(mayReadRole)],
      schema: {
        params: idParams,
        response: {
          200: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                target: targetSchema,
                roleApplications: { type: 'array', items: { type: 'string' }, examples: [['app-wiki']] },
                status: { type: 'string', enum: ['delivered', 'waiting', 'failed'], examples: ['failed'] },
                groupDelivered: { type: 'boolean', examples: [true] },
                members: { type: 'integer', examples: [42] },
                delivered: { type: 'integer', examples: [40] },
                waiting: { type: 'integer', examples: [1] },
                failed: { type: 'integer', examples: [1] },
                failures: {
                  type: 'array',
                  items: {
                    type: 'object',
                    properties: {
                      kind: { type: 'string', examples: ['user'] },
                      label: { type: ['string', 'null'], examples: ['guest@example.org'] },
                      lastStatus: { type: ['integer', 'null'], examples: [503] },
                      lastError: {
                        type: ['string', 'null'],
                        examples: ['The target answered 503 Service Unavailable'],
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
    async (request) => {
      requireUser(request.user);
      const role = roleInPath.of(request);
      const manageIds = new Set(role.applicationUsages.map((u) => u.application.manageId));
      const targets = (await app.registry.scimTargets()).filter((t) =>
        t.applications.some((a) => manageIds.has(a)),
      );
      const states = await roleTargetStates(
        app.db,
        role.id,
        targets.map((t) => ({ id: t.id, groups: !t.userProvisioningOnly })),
      );
      const byId = new Map(states.map((s) => [s.target, s]));
      return targets.map((t): RoleProvisioning => {
        const s = byId.get(t.id)!;
        const complete = (t.userProvisioningOnly || s.groupDelivered) && s.delivered === s.members;
        return {
          target: shownTarget(t),
          roleApplications: t.applications.filter((a) => manageIds.has(a)),
          status: s.failed > 0 ? 'failed' : s.waiting > 0 || !complete ? 'waiting' : 'delivered',
          groupDelivered: s.groupDelivered,
          members: s.members,
          delivered: s.delivered,
          waiting: s.waiting,
          failed: s.failed,
          failures: s.failures,
        };
      });
    },
  );
}
