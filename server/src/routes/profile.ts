/**
 * The profile API (issue 54 item 3) for eduID's "my roles", in OpenConext Invite's shape so that its
 * consumer can switch: `GET /api/external/v1/profile?collabPersonId={sub}`, for service accounts of
 * REMOTE_USERS with the scope `profile`, by HTTP Basic. Each current membership with its role's name and
 * description, the authority held, the membership's end date, and the role's applications as the
 * registry's snapshot names them (names, organisation, landing page, logo as an absolute URL).
 */
import type { ApplicationMap, User } from 'shared-auth/rules';
import { remoteUserWith } from '../plugins/permissions.js';
import { loadUserBySub } from '../stores/users.store.js';
import { serviceAccountRefusals } from './service-account-answers.js';
import type { SchemaTypedApp } from '../plugins/schema-types.js';

export interface ProfileApplication {
  manageId: string;
  nameEn?: string;
  nameNl?: string;
  organisationEn?: string;
  organisationNl?: string;
  landingPage?: string;
  logo?: string;
}

export interface ProfileMembership {
  name: string;
  description: string;
  urn: string;
  authority: string;
  endDate: number | null;
  applications: ProfileApplication[];
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

function applicationOf(app: ApplicationMap, publicUrl: string): ProfileApplication {
  const logo = text(app.logo);
  const fields: ProfileApplication = {
    manageId: text(app.manageId) ?? app.id,
    nameEn: text(app['name:en']),
    nameNl: text(app['name:nl']),
    organisationEn: text(app['OrganizationName:en']),
    organisationNl: text(app['OrganizationName:nl']),
    landingPage: text(app.landingPage),
    // The bundled registry names its logos by path: an outside reader needs the whole URL.
    logo: logo && new URL(logo, `${publicUrl}/`).href,
  };
  return Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== undefined),
  ) as unknown as ProfileApplication;
}

/** The person's memberships that have not ended, by role name, in the profile API's shape. */
export function profileOf(user: User | null, publicUrl: string, nowSeconds: number): ProfileMembership[] {
  return (user?.userRoles ?? [])
    .filter((userRole) => userRole.endDate == null || userRole.endDate > nowSeconds)
    .map((userRole) => ({
      name: userRole.role.name,
      description: userRole.role.description ?? '',
      urn: userRole.role.urn,
      authority: userRole.authority,
      endDate: userRole.endDate ?? null,
      applications: (userRole.role.applicationMaps ?? []).map((app) => applicationOf(app, publicUrl)),
    }));
}

const applicationSchema = {
  type: 'object',
  required: ['manageId'],
  properties: {
    manageId: { type: 'string', description: "The application's id in the registry" },
    nameEn: { type: 'string', description: "The application's name in English" },
    nameNl: { type: 'string', description: "The application's name in Dutch" },
    organisationEn: { type: 'string', description: 'Its organisation, in English' },
    organisationNl: { type: 'string', description: 'Its organisation, in Dutch' },
    landingPage: {
      type: 'string',
      description: "Where the role's members start (the role's own, else the application's)",
    },
    logo: { type: 'string', description: "The application's logo, an absolute URL" },
  },
} as const;

const membershipSchema = {
  type: 'object',
  required: ['name', 'description', 'urn', 'authority', 'endDate', 'applications'],
  properties: {
    name: { type: 'string', description: "The role's name" },
    description: { type: 'string', description: "The role's description" },
    urn: { type: 'string', description: "The role's urn" },
    authority: {
      type: 'string',
      enum: ['SUPER_USER', 'INSTITUTION_ADMIN', 'APPLICATION_MANAGER', 'MANAGER', 'INVITER', 'GUEST'],
      description: 'The authority the person holds in the role',
    },
    endDate: {
      type: ['integer', 'null'],
      description: 'When the membership ends, in epoch seconds; null: it does not end',
    },
    applications: { type: 'array', items: applicationSchema },
  },
} as const;

const EXAMPLE = [
  {
    name: 'Research Wiki Editors',
    description: 'Edit the research wiki',
    urn: 'urn:mace:surf.nl:test.surfaccess.nl:research_wiki_editors',
    authority: 'GUEST',
    endDate: 1893456000,
    applications: [
      {
        manageId: 'app-wiki',
        nameEn: 'Research Wiki',
        nameNl: 'Onderzoekswiki',
        organisationEn: 'Universiteit Harderwijk',
        organisationNl: 'Universiteit Harderwijk',
        landingPage: 'https://wiki.uni-harderwijk.example.org/welcome',
        logo: 'https://portal.example.org/registry/logos/app-wiki.svg',
      },
    ],
  },
];

export default async function profileRoutes(app: SchemaTypedApp): Promise<void> {
  app.get(
    '/api/external/v1/profile',
    {
      preHandler: remoteUserWith('profile'),
      // Its own authentication (HTTP Basic): no session, token or CSRF hooks.
      config: { authentication: 'basic' },
      schema: {
        tags: ['people'],
        operationId: 'personProfile',
        summary: "A person's roles and their applications (eduID's my roles)",
        description:
          "The person's memberships that have not ended, by role name: the role's name, description and urn, the authority held, the membership's end date, and the role's applications with their names, organisation, landing page and logo. An empty list for an unknown person. Scope `profile`.",
        security: [{ serviceAccount: ['profile'] }],
        querystring: {
          type: 'object',
          required: ['collabPersonId'],
          properties: {
            collabPersonId: {
              type: 'string',
              minLength: 1,
              maxLength: 512,
              description: "The person's subject (the `sub` of their login)",
              examples: ['urn:collab:person:example.org:jdoe'],
            },
          },
        },
        response: {
          200: {
            description: 'The memberships, by role name',
            content: {
              'application/json': {
                schema: { type: 'array', items: membershipSchema, examples: [EXAMPLE] },
              },
            },
          },
          ...serviceAccountRefusals('profile', "querystring must have required property 'collabPersonId'"),
        },
      },
    },
    async (request) => {
      const user = await loadUserBySub(app.db, app.registry, request.query.collabPersonId);
      return profileOf(user, app.config.publicUrl, Math.floor(Date.now() / 1000));
    },
  );
}
