/**
 * Memberships for authorisation rules and for attributes (issue 41 §3), in OpenConext Invite's shapes so
 * that its consumers can switch: voot (group memberships of a person) and attribute aggregation (the
 * person's memberships of roles on one service). For service accounts of REMOTE_USERS, by HTTP Basic.
 */
import { remoteUserWith } from '../plugins/permissions.js';
import { problemSchema } from './external/schemas.js';
import { guestMembershipsOf } from '../stores/remote-memberships.store.js';
import { touchLastActivity } from '../stores/users.store.js';
import type { SchemaTypedApp } from '../plugins/schema-types.js';

const subParams = {
  type: 'object',
  required: ['sub'],
  properties: {
    sub: {
      type: 'string',
      minLength: 1,
      maxLength: 512,
      description: "The person's subject (the `sub` of their login), URL-encoded",
      examples: ['urn:collab:person:example.org:jdoe'],
    },
  },
} as const;

/** An error answer of these routes: problem details with an example. */
function problem(description: string, status: number, title: string, detail: string) {
  return {
    description,
    content: {
      'application/problem+json': {
        schema: { ...problemSchema, examples: [{ type: 'about:blank', title, status, detail }] },
      },
    },
  };
}

const refused = (scope: string) => ({
  400: problem(
    'The request is not valid; `detail` says which part',
    400,
    'Bad Request',
    'params/sub must NOT have more than 512 characters',
  ),
  401: problem(
    'No credentials, wrong ones, or a service account without the scope',
    401,
    'Unauthorized',
    `HTTP Basic credentials of a service account with the scope ${scope} are required`,
  ),
});

export default async function remoteMembershipRoutes(app: SchemaTypedApp): Promise<void> {
  app.get(
    '/api/external/v1/voot/:sub',
    {
      preHandler: remoteUserWith('voot'),
      // Its own authentication (HTTP Basic): no session, token or CSRF hooks.
      config: { authentication: 'basic' },
      schema: {
        tags: ['memberships'],
        operationId: 'vootMemberships',
        summary: "A person's guest memberships (voot)",
        description:
          "The roles the person holds as a guest (GUEST, or another authority with the guest role included) and that have not ended, by name; an empty list for an unknown subject. Records the person's last activity. Scope `voot`.",
        security: [{ serviceAccount: [] }],
        params: subParams,
        response: {
          200: {
            description: 'The memberships, by role name',
            content: {
              'application/json': {
                schema: {
                  type: 'array',
                  items: {
                    type: 'object',
                    required: ['urn', 'name'],
                    properties: {
                      urn: { type: 'string', description: "The role's urn" },
                      name: { type: 'string', description: "The role's name" },
                    },
                  },
                  examples: [
                    [{ urn: 'urn:mace:surf.nl:test.surfaccess.nl:wiki_readers', name: 'Wiki Readers' }],
                  ],
                },
              },
            },
          },
          ...refused('voot'),
        },
      },
    },
    async (request) => {
      const { userId, activityDue, memberships } = await guestMembershipsOf(app.db, request.params.sub, null);
      if (userId !== null && activityDue) await touchLastActivity(app.db, userId);
      return memberships.map((m) => ({ urn: m.urn, name: m.name }));
    },
  );

  app.get(
    '/api/external/v1/aa/:sub',
    {
      preHandler: remoteUserWith('attribute_aggregation'),
      config: { authentication: 'basic' },
      schema: {
        tags: ['memberships'],
        operationId: 'attributeAggregationMemberships',
        summary: "A person's guest memberships of roles on one service (attribute aggregation)",
        description:
          "The urns of the roles on the service named by `SPentityID` that the person holds as a guest and that have not ended; an empty list for an unknown service or subject. Records the person's last activity. Scope `attribute_aggregation`.",
        security: [{ serviceAccount: [] }],
        params: subParams,
        querystring: {
          type: 'object',
          required: ['SPentityID'],
          properties: {
            SPentityID: {
              type: 'string',
              minLength: 1,
              maxLength: 1024,
              description: "The service's entity id (SAML) or client id (OIDC)",
              examples: ['https://wiki.uni-harderwijk.example.org'],
            },
          },
        },
        response: {
          200: {
            description: "The memberships' role urns",
            content: {
              'application/json': {
                schema: {
                  type: 'array',
                  items: {
                    type: 'object',
                    required: ['id'],
                    properties: { id: { type: 'string', description: "The role's urn" } },
                  },
                  examples: [[{ id: 'urn:mace:surf.nl:test.surfaccess.nl:wiki_readers' }]],
                },
              },
            },
          },
          ...refused('attribute_aggregation'),
        },
      },
    },
    async (request) => {
      const applications = await app.registry.providersByEntityId(request.query.SPentityID);
      if (applications.length === 0) return [];
      const { userId, activityDue, memberships } = await guestMembershipsOf(
        app.db,
        request.params.sub,
        applications.map((a) => a.manageId),
      );
      if (userId !== null && activityDue) await touchLastActivity(app.db, userId);
      return memberships.map((m) => ({ id: m.urn }));
    },
  );
}
