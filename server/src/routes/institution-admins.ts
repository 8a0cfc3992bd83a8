/**
 * Institution admins (issue 42, item 10): the super user's list per organisation (saying where each
 * admin's right comes from), the admins who may manage one role (`GET users/institution-admins/{roleId}`,
 * the path the reference console calls), and the removal of a right an invitation granted
 * (`PUT users/removeInstitutionAdmin/{userId}`, OpenConext Invite's action; issue 51).
 */
import {
  mayOpenSystem,
  mayViewRoleMembers,
  type InstitutionAdmin,
  type InstitutionAdminGroup,
  type InstitutionAdminRemoval,
} from 'shared-auth/rules';
import { adminSchema, removalSchema, sourcedAdminSchema } from '../auth/institution-admin-schemas.js';
import { idSchema } from '../domain/ids.js';
import { permit } from '../plugins/permissions.js';
import { institutionAdmins } from '../stores/institution-admins.store.js';
import { listItem } from '../stores/user.rows.js';
import { toEpochSeconds } from '../domain/time.js';
import {
  removeInstitutionAdmin,
  REMOVE_INSTITUTION_ADMIN_ERRORS,
} from '../use-cases/institution-admin-remove.js';

import { roleIdInPath as roleInPath } from './role-entities.js';
import type { SchemaTypedApp } from '../plugins/schema-types.js';

export default async function institutionAdminRoutes(app: SchemaTypedApp): Promise<void> {
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
                admins: { type: 'array', items: sourcedAdminSchema },
              },
            },
          },
        },
      },
    },
    async (): Promise<InstitutionAdminGroup[]> => {
      const [admins, idps] = await Promise.all([
        institutionAdmins(app.db, null),
        app.registry.identityProviders(),
      ]);
      const groups = new Map<string, InstitutionAdminGroup>();
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
        group.admins.push({
          ...listItem(row),
          organizationGUID: row.organization_guid,
          viaEntitlement: row.via_entitlement,
          grantedByInvitation: row.granted_by_invitation,
        });
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
      preHandler: [roleInPath.permit(mayViewRoleMembers)],
      schema: {
        params: {
          type: 'object',
          required: ['roleId'],
          properties: { roleId: idSchema },
        },
        response: { 200: { type: 'array', items: adminSchema } },
      },
    },
    async (request): Promise<InstitutionAdmin[]> => {
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

  app.put(
    '/api/v1/users/removeInstitutionAdmin/:userId',
    {
      preHandler: permit(mayOpenSystem, 'Only a super user may do this'),
      config: { errors: REMOVE_INSTITUTION_ADMIN_ERRORS },
      schema: {
        params: {
          type: 'object',
          required: ['userId'],
          properties: { userId: idSchema },
        },
        response: { 200: removalSchema },
      },
    },
    async (request): Promise<InstitutionAdminRemoval> => {
      const { user, removed } = await app.db.tx((q) =>
        removeInstitutionAdmin(q, request, request.params.userId),
      );
      return {
        id: user.id,
        sub: user.sub,
        name: user.name,
        email: user.email,
        institutionAdmin: user.institution_admin,
        organizationGUID: user.institution_admin ? user.organization_guid : null,
        viaEntitlement: user.claims_institution_admin,
        removedGrants: removed.map((grant) => ({
          organizationGUID: grant.organization_guid,
          invitationId: grant.invitation_id,
          grantedBy: grant.granted_by_name,
          grantedAt: toEpochSeconds(grant.granted_at),
        })),
      };
    },
  );
}
