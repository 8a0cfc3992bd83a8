/** JSON schemas of the answers (fast-json-stringify sends only what is declared, so every field is listed). */
import { idSchema } from './ids.js';

const nullableInt = { type: ['integer', 'null'] } as const;
const nullableString = { type: ['string', 'null'] } as const;

// The examples' moments (seconds since 1970, as the API answers dates) and institution.
const CREATED = 1_767_225_600; // 2026-01-01
const LATER = 1_769_904_000; // 2026-02-01
const INVITATION_EXPIRES = 1_768_435_200; // 2026-01-15
const ENDS = 1_798_761_600; // 2027-01-01
const HW_GUID = 'ad93daef-0911-e511-80d0-005056956c1a';

/**
 * A registry application as a role shows it (toApplicationMap in registry/entity-registry.ts; one the
 * registry no longer knows has id, manageId, unknown and landingPage). Its fields are listed because
 * fast-json-stringify writes listed fields faster than free ones;
 * anything else the registry gives still goes out (additionalProperties), and a null stays null.
 */
export const applicationMapSchema = {
  type: 'object',
  additionalProperties: true,
  properties: {
    id: nullableString,
    manageId: nullableString,
    manageType: nullableString,
    type: nullableString,
    'name:en': nullableString,
    'name:nl': nullableString,
    'OrganizationName:en': nullableString,
    'OrganizationName:nl': nullableString,
    logo: nullableString,
    url: nullableString,
    landingPage: nullableString,
    receivesMemberships: { type: ['boolean', 'null'] },
    institutionGuid: nullableString,
    unknown: { type: ['boolean', 'null'] },
  },
  examples: [
    {
      id: 'app-wiki',
      manageId: 'app-wiki',
      manageType: 'saml20_sp',
      type: 'saml20_sp',
      'name:en': 'Research Wiki',
      'name:nl': 'Onderzoekswiki',
      'OrganizationName:en': 'Universiteit Harderwijk',
      'OrganizationName:nl': 'Universiteit Harderwijk',
      logo: '/registry/logos/app-wiki.svg',
      url: 'https://wiki.uni-harderwijk.example.org',
      landingPage: 'https://wiki.uni-harderwijk.example.org/welcome',
      receivesMemberships: true,
      institutionGuid: HW_GUID,
    },
  ],
} as const;

export const roleSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer', examples: [12] },
    name: { type: 'string', examples: ['Research wiki editors'] },
    shortName: { type: 'string', examples: ['research_wiki_editors'] },
    urn: { type: 'string', examples: ['urn:mace:surf.nl:test.surfaccess.nl:research_wiki_editors'] },
    description: { type: 'string', examples: ['May edit the research wiki'] },
    landingPage: { type: 'string', examples: ['https://wiki.uni-harderwijk.example.org/welcome'] },
    defaultExpiryDays: { type: 'integer', examples: [365] },
    endDate: { ...nullableInt, examples: [null] },
    organizationGUID: { ...nullableString, examples: [HW_GUID] },
    applicationMaps: { type: 'array', items: applicationMapSchema },
    applicationUsages: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: { type: 'integer', examples: [31] },
          application: {
            type: 'object',
            properties: {
              manageId: { type: 'string', examples: ['app-wiki'] },
              manageType: { type: 'string', examples: ['saml20_sp'] },
            },
          },
          landingPage: { type: 'string', examples: ['https://wiki.uni-harderwijk.example.org/welcome'] },
        },
      },
    },
    userRoleCount: { type: 'integer', examples: [42] },
    overrideSettingsAllowed: { type: 'boolean', examples: [false] },
    enforceEmailEquality: { type: 'boolean', examples: [false] },
    eduIDOnly: { type: 'boolean', examples: [false] },
    requestedAuthnContext: {
      ...nullableString,
      description: 'The ACR value an invitee must log in with (ACR_VALUES); null: none',
      examples: ['https://eduid.nl/trust/validate-names'],
    },
    inviterDisplayName: { ...nullableString, examples: [null] },
    auditable: {
      type: 'object',
      properties: {
        createdBy: { type: 'string', examples: ['institution-admin@example.org'] },
        createdAt: { type: 'integer', examples: [CREATED] },
      },
    },
    isUserRole: { type: 'boolean', examples: [true] },
    authority: { type: 'string', examples: ['MANAGER'] },
    logo: { type: 'string', examples: ['/registry/logos/app-wiki.svg'] },
    applicationName: { type: 'string', examples: ['Research Wiki (Universiteit Harderwijk)'] },
    unknownInManage: { type: 'boolean', examples: [false] },
  },
} as const;

export const userInfoSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer', examples: [5] },
    name: { type: 'string', examples: ['Gina Guest'] },
    email: { type: 'string', examples: ['guest@example.org'] },
    schacHomeOrganisation: { type: 'string', examples: ['example.org'] },
    lastActivity: { type: 'integer', examples: [LATER] },
  },
} as const;

export const userRoleSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer', examples: [77] },
    user_id: { type: 'integer', examples: [5] },
    role: roleSchema,
    name: { type: 'string', examples: ['Gina Guest'] },
    email: { type: 'string', examples: ['guest@example.org'] },
    schac_home_organization: { type: 'string', examples: ['example.org'] },
    authority: { type: 'string', examples: ['GUEST'] },
    guestRoleIncluded: { type: 'boolean', examples: [false] },
    endDate: { ...nullableInt, examples: [ENDS] },
    createdAt: { type: 'integer', examples: [CREATED] },
    expiryNotifiedAt: { ...nullableInt, examples: [null] },
    userInfo: userInfoSchema,
  },
} as const;

export const invitationSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer', examples: [301] },
    email: { type: 'string', examples: ['jane@example.org'] },
    intendedAuthority: { type: 'string', examples: ['GUEST'] },
    intended_authority: { type: 'string', examples: ['GUEST'] },
    roles: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: { type: 'integer', examples: [401] },
          role: roleSchema,
          endDate: { ...nullableInt, examples: [null] },
        },
      },
    },
    message: { ...nullableString, examples: ['Welcome to the research wiki'] },
    language: { type: 'string', examples: ['en'] },
    expiryDate: { type: 'integer', examples: [INVITATION_EXPIRES] },
    roleExpiryDate: { ...nullableInt, examples: [null] },
    enforceEmailEquality: { type: 'boolean', examples: [false] },
    eduIDOnly: { type: 'boolean', examples: [false] },
    requestedAuthnContext: {
      ...nullableString,
      description:
        "The ACR value the accepting login must carry (its roles' by default); null: none. The login at acceptance asks for it; acceptance without it is refused (412) and the invitation stays open",
      examples: [null],
    },
    guestRoleIncluded: { type: 'boolean', examples: [false] },
    inviter: {
      type: ['object', 'null'],
      properties: {
        id: { type: 'integer', examples: [3] },
        name: { type: 'string', examples: ['Mark Manager'] },
        email: { type: 'string', examples: ['manager@example.org'] },
      },
    },
    remoteApiUser: { ...nullableString, examples: [null] },
    createdAt: { type: 'integer', examples: [CREATED] },
    created_at: { type: 'integer', examples: [CREATED] },
    expiry_date: { type: 'integer', examples: [INVITATION_EXPIRES] },
    inviter_email: { ...nullableString, examples: ['manager@example.org'] },
    acceptedAt: { ...nullableInt, examples: [null] },
    status: { type: 'string', examples: ['OPEN'] },
    organizationGUID: { ...nullableString, examples: [null] },
    manageIdentifiers: {
      type: 'array',
      description: 'An APPLICATION_MANAGER invitation: the applications its invitee becomes the manager of',
      items: {
        type: 'object',
        properties: {
          manageId: { type: 'string', examples: ['app-wiki'] },
          manageType: { type: 'string', examples: ['saml20_sp'] },
          'name:en': { type: 'string', examples: ['Research Wiki'] },
          'name:nl': { type: 'string', examples: ['Onderzoekswiki'] },
        },
      },
      examples: [[]],
    },
  },
} as const;

/**
 * A role as an invitation search page names it, as the established console lists them (id, name, the
 * applications it points at): enough to show the role and to check what the user may do with the
 * invitation (shared-auth allowedToDeleteInvitation reads the role's id and application usages). The whole
 * role (its registry applications, texts, settings) is for the role's own page: sent with every invitation
 * it made the performance seed's first page of ten twice the size it is summarised.
 */
export const roleSummarySchema = {
  type: 'object',
  properties: {
    id: roleSchema.properties.id,
    name: roleSchema.properties.name,
    organizationGUID: roleSchema.properties.organizationGUID,
    applicationUsages: roleSchema.properties.applicationUsages,
    applicationName: roleSchema.properties.applicationName,
    unknownInManage: roleSchema.properties.unknownInManage,
  },
} as const;

/** An invitation as a search page lists it: its roles summarised (roleSummarySchema). */
export const listedInvitationSchema = {
  type: 'object',
  properties: {
    ...invitationSchema.properties,
    roles: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: invitationSchema.properties.roles.items.properties.id,
          role: roleSummarySchema,
          endDate: invitationSchema.properties.roles.items.properties.endDate,
        },
      },
    },
  },
} as const;

export const tokenSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer', examples: [7] },
    description: { type: 'string', examples: ['HR system'] },
    owner: { ...nullableString, examples: ['Iris Institution'] },
    ownerId: { type: ['integer', 'null'], examples: [2] },
    ownerEmail: { ...nullableString, examples: ['institution-admin@example.org'] },
    organizationGUID: { ...nullableString, examples: [HW_GUID] },
    superUserToken: { type: 'boolean', examples: [false] },
    createdAt: { type: 'integer', examples: [CREATED] },
    lastUsedAt: { type: ['integer', 'null'], examples: [LATER] },
  },
} as const;

/** A registry application with its fields as the registry gives them, and how many roles point at it. */
export const providerSchema = {
  type: 'object',
  additionalProperties: true,
  examples: [
    {
      ...applicationMapSchema.examples[0],
      entityid: 'https://wiki.uni-harderwijk.example.org',
      roleCount: 3,
    },
  ],
} as const;

/** `{ id }` path parameters: a strict decimal id, a number once validated (domain/ids.ts). */
export const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: idSchema },
} as const;

/** The answer of a delete: 204 without a body. */
export const noContent = { type: 'null' } as const;
