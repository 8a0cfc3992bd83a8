/**
 * Application managers (issue 53; OpenConext Invite's #693): the list (`GET users/applicationManagers`:
 * super users all of them, an institution admin those of their organisation's applications) and the removal
 * of the right (`PUT users/removeApplicationManager/{userId}`), audited, holding from the next request.
 */
import {
  mayManageApplicationManagers,
  type ApplicationManager,
  type ApplicationManagerRemoval,
  type ApplicationMap,
  type ManagedApplication,
} from 'shared-auth/rules';
import { userListItemSchema } from '../auth/user-schemas.js';
import { idSchema } from '../domain/ids.js';
import { toEpochSeconds } from '../domain/time.js';
import { requireUser } from '../plugins/auth.js';
import { permit } from '../plugins/permissions.js';
import { applicationManagers, type UserApplicationRow } from '../stores/application-managers.store.js';
import { listItem } from '../stores/user.rows.js';
import {
  removableApplications,
  removeApplicationManager,
  REMOVE_APPLICATION_MANAGER_ERRORS,
} from '../use-cases/application-manager-remove.js';
import type { SchemaTypedApp } from '../plugins/schema-types.js';

const REFUSAL = 'Only a super user or an institution admin with applications may do this';

/** One managed application: the registry's names, and where the right came from. */
const managedApplicationSchema = {
  type: 'object',
  properties: {
    manageId: { type: 'string', examples: ['app-wiki'] },
    manageType: { type: 'string', examples: ['saml20_sp'] },
    'name:en': { type: ['string', 'null'], examples: ['Research wiki'] },
    'name:nl': { type: ['string', 'null'], examples: ['Onderzoekswiki'] },
    /** False for an application the registry no longer knows (the right stays until removed). */
    known: { type: 'boolean', examples: [true] },
    invitationId: { type: ['integer', 'null'], examples: [31] },
    grantedBy: { type: ['string', 'null'], examples: ['Iris Institution'] },
    grantedAt: { type: 'integer', examples: [1_767_225_600] },
  },
} as const;

const applicationManagerSchema = {
  type: 'object',
  properties: {
    ...userListItemSchema.properties,
    applications: { type: 'array', items: managedApplicationSchema },
  },
} as const;

function shapeApplication(
  row: UserApplicationRow,
  maps: ReadonlyMap<string, ApplicationMap>,
): ManagedApplication {
  const map = maps.get(row.manage_id);
  return {
    manageId: row.manage_id,
    manageType: row.manage_type,
    'name:en': (map?.['name:en'] as string | undefined) ?? null,
    'name:nl': (map?.['name:nl'] as string | undefined) ?? null,
    known: Boolean(map),
    invitationId: row.invitation_id,
    grantedBy: row.granted_by_name,
    grantedAt: toEpochSeconds(row.granted_at) as number,
  };
}

export default async function applicationManagerRoutes(app: SchemaTypedApp): Promise<void> {
  app.get(
    '/api/v1/users/applicationManagers',
    {
      preHandler: permit(mayManageApplicationManagers, REFUSAL),
      schema: { response: { 200: { type: 'array', items: applicationManagerSchema } } },
    },
    async (request): Promise<ApplicationManager[]> => {
      const user = requireUser(request.user);
      const [rows, maps] = await Promise.all([
        applicationManagers(app.db, removableApplications(user)),
        app.registry.applicationMaps(),
      ]);
      return rows.map((row) => ({
        ...listItem(row),
        applications: row.applications.map((application) => shapeApplication(application, maps)),
      }));
    },
  );

  app.put(
    '/api/v1/users/removeApplicationManager/:userId',
    {
      preHandler: permit(mayManageApplicationManagers, REFUSAL),
      config: { errors: REMOVE_APPLICATION_MANAGER_ERRORS },
      schema: {
        params: { type: 'object', required: ['userId'], properties: { userId: idSchema } },
        response: {
          200: {
            type: 'object',
            required: ['id', 'removedApplications', 'remainingApplications'],
            properties: {
              id: { type: 'integer' },
              sub: { type: 'string' },
              name: { type: ['string', 'null'] },
              email: { type: ['string', 'null'] },
              /** The applications taken away. */
              removedApplications: { type: 'array', items: managedApplicationSchema },
              /** Those the user still manages (of other organisations: not the remover's to take). */
              remainingApplications: { type: 'array', items: managedApplicationSchema },
            },
            examples: [
              {
                id: 9,
                sub: 'urn:collab:person:example.org:application-manager',
                name: 'Abel Application',
                email: 'application-manager@example.org',
                removedApplications: [
                  {
                    manageId: 'app-library',
                    manageType: 'oidc10_rp',
                    'name:en': 'University library',
                    'name:nl': 'Universiteitsbibliotheek',
                    known: true,
                    invitationId: 31,
                    grantedBy: 'Iris Institution',
                    grantedAt: 1_767_225_600,
                  },
                ],
                remainingApplications: [],
              },
            ],
          },
        },
      },
    },
    async (request): Promise<ApplicationManagerRemoval> => {
      const remover = requireUser(request.user);
      const { user, removed, remaining } = await app.db.tx((q) =>
        removeApplicationManager(q, request, remover, request.params.userId),
      );
      const maps = await app.registry.applicationMaps();
      return {
        id: user.id,
        sub: user.sub,
        name: user.name,
        email: user.email,
        removedApplications: removed.map((row) => shapeApplication(row, maps)),
        remainingApplications: remaining.map((row) => shapeApplication(row, maps)),
      };
    },
  );
}
