/** /api/v1/manage: the application registry as the console needs it (spec §7). */
import {
  isApplicationManager,
  isUserAllowed,
  managedApplicationIds,
  mayOpenSystem,
  type User,
} from 'shared-auth/rules';
import { requireUser } from '../plugins/auth.js';
import { loggedIn, permit } from '../plugins/permissions.js';
import { withRoleCounts } from '../stores/roles.store.js';
import { providerSchema } from '../domain/schemas.js';
import { httpError } from '../errors.js';
import { DEFAULT_ACR_VALUES } from '../config.js';
import type { SchemaTypedApp } from '../plugins/schema-types.js';

const HW_GUID = 'ad93daef-0911-e511-80d0-005056956c1a';

const provisioningSchema = {
  type: 'object',
  additionalProperties: true,
  examples: [
    {
      provisioning_type: 'scim',
      'name:en': 'Harderwijk SCIM',
      'name:nl': 'Harderwijk SCIM',
      applications: [
        { id: 'app-wiki', manageType: 'saml20_sp' },
        { id: 'app-gitlab', manageType: 'oidc10_rp' },
      ],
    },
  ],
} as const;

/** An identity provider as the reference console reads it: Manage's flat fields. */
const identityProviderSchema = {
  type: 'object',
  properties: {
    id: { type: 'string', examples: ['idp-harderwijk'] },
    type: { type: 'string', examples: ['saml20_idp'] },
    entityid: { type: 'string', examples: ['https://idp.uni-harderwijk.example.org'] },
    'name:en': { type: 'string', examples: ['Universiteit Harderwijk'] },
    'name:nl': { type: 'string', examples: ['Universiteit Harderwijk'] },
    logo: { type: 'string', examples: ['/registry/logos/idp-harderwijk.svg'] },
    institutionGuid: { type: 'string', examples: [HW_GUID] },
    organizationGUID: { type: 'string', examples: [HW_GUID] },
  },
} as const;

/**
 * Super users see every application, an institution admin those of its organisation (maybe none), an
 * application manager the applications they manage.
 */
function seesApplications(user: User): boolean {
  return (
    user.superUser || (user.institutionAdmin && Boolean(user.organizationGUID)) || isApplicationManager(user)
  );
}

export default async function manageRoutes(app: SchemaTypedApp): Promise<void> {
  app.get(
    '/api/v1/manage/providers',
    {
      preHandler: permit(mayOpenSystem, 'Only a super user may do this'),
      schema: { response: { 200: { type: 'array', items: providerSchema } } },
    },
    async () => withRoleCounts(app.db, await app.registry.providers()),
  );

  app.get(
    '/api/v1/manage/all-applications',
    {
      preHandler: permit(seesApplications, 'Only institution admins see their applications'),
      schema: {
        summary:
          "Every application of the registry, with its roles' count (OpenConext Invite's all-applications)",
        response: { 200: { type: 'array', items: providerSchema } },
      },
    },
    async () => withRoleCounts(app.db, await app.registry.providers()),
  );

  app.get(
    '/api/v1/manage/applications',
    {
      preHandler: permit(seesApplications, 'Only institution admins see their applications'),
      schema: {
        response: {
          200: {
            type: 'object',
            properties: {
              providers: { type: 'array', items: providerSchema },
              provisionings: { type: 'array', items: provisioningSchema },
            },
          },
        },
      },
    },
    async (request) => {
      const user = requireUser(request.user);
      const reg = app.registry;
      if (user.superUser)
        return {
          providers: await withRoleCounts(app.db, await reg.providers()),
          provisionings: await reg.provisionings(),
        };
      const ofOrganization =
        user.institutionAdmin && user.organizationGUID
          ? await reg.applicationsForOrganization(user.organizationGUID)
          : [];
      const owned = new Set(ofOrganization.map((p) => p.manageId));
      const managed = (
        await Promise.all(
          managedApplicationIds(user)
            .filter((manageId) => !owned.has(manageId))
            .map((manageId) => reg.provider(manageId)),
        )
      ).filter((p): p is NonNullable<typeof p> => p !== null);
      const providers = [...ofOrganization, ...managed];
      const ids = new Set(providers.map((p) => p.manageId));
      const provisionings = (await reg.provisionings()).filter((p) =>
        p.applications.some((a) => ids.has(a.id)),
      );
      return { providers: await withRoleCounts(app.db, providers), provisionings };
    },
  );

  app.get(
    '/api/v1/manage/identity-providers',
    {
      preHandler: permit(mayOpenSystem, 'Only a super user may do this'),
      schema: { response: { 200: { type: 'array', items: identityProviderSchema } } },
    },
    // The institutions: identity providers with an organisation GUID (the registry keeps only those here).
    async () =>
      (await app.registry.identityProviders()).map((idp) => ({
        ...idp,
        type: 'saml20_idp',
        institutionGuid: idp.organizationGUID,
      })),
  );

  app.get(
    '/api/v1/manage/eduid-identity-provider',
    {
      preHandler: permit((user) => isUserAllowed(user, 'INVITER'), 'Only inviters and up may do this'),
      config: {
        errors: { 404: 'The registry has no eduID identity provider https://login.eduid.example.org' },
      },
      schema: { response: { 200: identityProviderSchema } },
    },
    async () => {
      const idp = await app.registry.identityProviderByEntityId(app.config.eduidEntityId);
      if (!idp)
        throw httpError(404, `The registry has no eduID identity provider ${app.config.eduidEntityId}`);
      return {
        ...idp,
        type: 'saml20_idp',
        ...(idp.organizationGUID ? { institutionGuid: idp.organizationGUID } : {}),
      };
    },
  );

  app.get(
    '/api/v1/manage/requested-authn-context-values',
    {
      preHandler: loggedIn,
      schema: {
        response: {
          200: {
            type: 'object',
            additionalProperties: { type: 'string' },
            description:
              'The requested authentication contexts a role or an invitation may ask for (ACR_VALUES): name → ACR value',
            examples: [DEFAULT_ACR_VALUES],
          },
        },
      },
    },
    async () => app.config.acrValues,
  );

  app.get(
    '/api/v1/manage/provisionings/:manageId',
    {
      preHandler: loggedIn,
      schema: {
        params: {
          type: 'object',
          required: ['manageId'],
          properties: { manageId: { type: 'string', maxLength: 255, examples: ['app-wiki'] } },
        },
        response: {
          200: {
            type: 'boolean',
            description: 'Whether a provisioning target serves this application',
            examples: [true],
          },
        },
      },
    },
    async (request) => (await app.registry.provisioningsFor(request.params.manageId)).length > 0,
  );

  app.get(
    '/api/v1/manage/organization-guid-validation/:guid',
    {
      preHandler: loggedIn,
      config: { errors: { 404: 'No identity provider with this organization GUID' } },
      schema: {
        params: {
          type: 'object',
          required: ['guid'],
          properties: { guid: { type: 'string', maxLength: 255, examples: [HW_GUID] } },
        },
        response: {
          200: {
            ...providerSchema,
            description: 'The identity provider of this organisation',
            examples: [
              {
                id: 'idp-harderwijk',
                entityid: 'https://idp.uni-harderwijk.example.org',
                organizationGUID: HW_GUID,
                'name:en': 'Universiteit Harderwijk',
                'name:nl': 'Universiteit Harderwijk',
                logo: '/registry/logos/idp-harderwijk.svg',
              },
            ],
          },
        },
      },
    },
    async (request) => {
      const idp = await app.registry.identityProviderByOrganizationGUID(request.params.guid);
      if (!idp) throw httpError(404, 'No identity provider with this organization GUID');
      return idp;
    },
  );
}
