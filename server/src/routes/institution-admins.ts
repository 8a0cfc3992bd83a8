/**
 * Institution admins (issue 42, item 10): the super user's list per organisation, and the admins who may
 * manage one role (`GET users/institution-admins/{roleId}`, the path the reference console calls).
 */
import type { FastifyInstance } from 'fastify';
import { mayOpenSystem, mayViewRoleMembers } from 'shared-auth/rules';
import { userListItemSchema } from '../auth/user-schemas.js';
import { idSchema } from '../domain/ids.js';
import { permit, roleNamedBy } from '../plugins/permissions.js';
import { institutionAdmins } from '../stores/institution-admins.store.js';
import { listItem } from '../stores/user.rows.js';

const adminSchema = {
  type: 'object',
  properties: { ...userListItemSchema.properties, organizationGUID: { type: 'string' } },
  examples: [
    {
      id: 2,
      sub: 'urn:collab:person:example.org:institution-admin',
      name: 'Iris Institution',
      email: 'institution-admin@example.org',
      schac_home_organization: 'example.org',
      schacHomeOrganization: 'example.org',
      superUser: false,
      institutionAdmin: true,
      createdAt: 1_767_225_600,
      lastActivity: 1_769_904_000,
      authority: 'INSTITUTION_ADMIN',
      userRoles: [],
      organizationGUID: 'ad93daef-0911-e511-80d0-005056956c1a',
    },
  ],
} as const;

const roleInPath = roleNamedBy((request) => (request.params as { roleId: number }).roleId);

export default async function institutionAdminRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/api/v1/users/institution-admins',
    {
      preHandler: permit(mayOpenSystem, 'Only a super user may do this'),
      schema: {
        response: {
          200: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                organizationGUID: { type: 'string', examples: ['ad93daef-0911-e511-80d0-005056956c1a'] },
                'name:en': { type: ['string', 'null'], examples: ['Universiteit Harderwijk'] },
                'name:nl': { type: ['string', 'null'], examples: ['Universiteit Harderwijk'] },
                logo: { type: ['string', 'null'], examples: ['/registry/logos/idp-harderwijk.svg'] },
                /** False for a GUID that users claim but the registry does not know. */
                known: { type: 'boolean', examples: [true] },
                admins: { type: 'array', items: adminSchema },
              },
            },
          },
        },
      },
    },
    async () => {
      const [admins, idps] = await Promise.all([
        institutionAdmins(app.db, null),
        app.registry.identityProviders(),
      ]);
      const groups = new Map<
        string,
        {
          organizationGUID: string;
          'name:en': string | null;
          'name:nl': string | null;
          logo: string | null;
          known: boolean;
          admins: Array<ReturnType<typeof listItem> & { organizationGUID: string }>;
        }
      >();
      for (const idp of idps) {
        const key = idp.organizationGUID.toLowerCase();
        if (groups.has(key)) continue;
        groups.set(key, {
          organizationGUID: idp.organizationGUID,
          'name:en': idp['name:en'] ?? null,
          'name:nl': idp['name:nl'] ?? null,
          logo: idp.logo ?? null,
          known: true,
          admins: [],
        });
      }
      for (const row of admins) {
        const key = row.organization_guid.toLowerCase();
        let group = groups.get(key);
        if (!group) {
          group = {
            organizationGUID: row.organization_guid,
            'name:en': null,
            'name:nl': null,
            logo: null,
            known: false,
            admins: [],
          };
          groups.set(key, group);
        }
        group.admins.push({ ...listItem(row), organizationGUID: row.organization_guid });
      }
      return [...groups.values()].sort(
        (a, b) =>
          Number(b.known) - Number(a.known) ||
          (a['name:en'] ?? a.organizationGUID).localeCompare(b['name:en'] ?? b.organizationGUID),
      );
    },
  );

  app.get(
    '/api/v1/users/institution-admins/:roleId',
    {
      // As the reference: whoever may open the role's members (inviter and up, its institution admins).
      preHandler: roleInPath.permit(mayViewRoleMembers),
      schema: {
        params: {
          type: 'object',
          required: ['roleId'],
          properties: { roleId: idSchema },
        },
        response: { 200: { type: 'array', items: adminSchema } },
      },
    },
    async (request) => {
      const role = roleInPath.of(request);
      // The institutions that own the role's applications, and the one the role was made for.
      const owners = await Promise.all(
        role.applicationUsages.map((u) => app.registry.provider(u.application.manageId)),
      );
      const guids = [...owners.map((a) => a?.institutionGuid), role.organizationGUID ?? undefined].filter(
        (g): g is string => Boolean(g),
      );
      if (guids.length === 0) return [];
      const rows = await institutionAdmins(app.db, [...new Set(guids)]);
      return rows.map((row) => ({ ...listItem(row), organizationGUID: row.organization_guid }));
    },
  );
}
