/**
 * /api/external/v1/user_roles/user_role_provisioning: a direct grant without an invitation, as OpenConext
 * Invite has it (use-cases/user-role-provisioning.ts).
 */
import { idSchema } from '../../domain/ids.js';
import { requireUser } from '../../plugins/auth.js';
import { EXTERNAL_API_PREFIX } from '../../plugins/external-token.js';
import { apiTokenOnly } from '../../plugins/permissions.js';
import { idempotencyKeyHeaders, idempotent } from '../../use-cases/idempotent.js';
import { provisionUserRoles } from '../../use-cases/user-role-provisioning.js';
import { answer, externalRouteConfig, membershipSchema, problems, tokenSecurity } from './schemas.js';
import type { SchemaTypedApp } from '../../plugins/schema-types.js';

const provisioningSchema = {
  type: 'object',
  required: ['roleIdentifiers', 'intendedAuthority'],
  properties: {
    roleIdentifiers: { type: 'array', minItems: 1, maxItems: 100, items: idSchema },
    intendedAuthority: { type: 'string', enum: ['GUEST', 'INVITER', 'MANAGER'] },
    sub: { type: ['string', 'null'], maxLength: 255, description: "The person's federated identifier" },
    eduPersonPrincipalName: { type: ['string', 'null'], maxLength: 255 },
    email: { type: ['string', 'null'], maxLength: 320 },
    givenName: { type: ['string', 'null'], maxLength: 255 },
    familyName: { type: ['string', 'null'], maxLength: 255 },
    name: { type: ['string', 'null'], maxLength: 255 },
    schacHomeOrganization: { type: ['string', 'null'], maxLength: 255 },
    guestRoleIncluded: { type: 'boolean' },
    endDate: {
      type: ['integer', 'null'],
      minimum: 0,
      maximum: 253_402_300_799,
      description:
        "Epoch seconds; default: the role's defaultExpiryDays from now, at the role's end date at the latest. Refused (400) when after the end date of one of the roles.",
    },
  },
  examples: [
    {
      roleIdentifiers: ['12'],
      intendedAuthority: 'GUEST',
      eduPersonPrincipalName: 'jdoe@example.edu',
      email: 'j.doe@example.edu',
      givenName: 'Jane',
      familyName: 'Doe',
    },
  ],
} as const;

const provisionedSchema = {
  type: 'object',
  required: ['userId', 'created', 'userRoles'],
  properties: {
    userId: { type: 'integer' },
    created: { type: 'boolean', description: 'true when the person was not known before' },
    userRoles: { type: 'array', items: membershipSchema },
  },
} as const;

export default async function externalProvisioningRoutes(app: SchemaTypedApp): Promise<void> {
  app.post(
    `${EXTERNAL_API_PREFIX}/user_roles/user_role_provisioning`,
    {
      preHandler: apiTokenOnly,
      config: externalRouteConfig,
      schema: {
        operationId: 'provisionUserRole',
        tags: ['user_roles'],
        summary: 'Grant roles to a person directly, without an invitation',
        description:
          'The person is found by `sub`, else `eduPersonPrincipalName`, else `email`, and created when unknown. A weaker membership they hold is raised; the later end date wins. Send an `Idempotency-Key` to make a retry safe.',
        security: tokenSecurity,
        headers: idempotencyKeyHeaders,
        body: provisioningSchema,
        response: {
          201: answer('The person and their memberships of these roles', provisionedSchema),
          ...problems(404, 409, 422),
        },
      },
    },
    async (request, reply) => {
      const principal = requireUser(request.user);
      const result = await idempotent(request, 'POST user_role_provisioning', async () => ({
        status: 201,
        body: await provisionUserRoles(app, request, principal, request.body),
      }));
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      reply.statusCode = result.status;
      return result.body;
    },
  );
}
