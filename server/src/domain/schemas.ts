/** JSON schemas of the answers (fast-json-stringify sends only what is declared, so every field is listed). */
import { idSchema } from './ids.js';

const nullableInt = { type: ['integer', 'null'] } as const;
const nullableString = { type: ['string', 'null'] } as const;

/**
 * A registry application as a role shows it (toApplicationMap in registry/entity-registry.ts; one the
 * registry no longer knows has id, manageId, unknown and landingPage). Its fields are listed because
 * fast-json-stringify writes listed fields faster than free ones (a page of ten roles: 54 -> 33 µs);
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
} as const;

export const roleSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    shortName: { type: 'string' },
    urn: { type: 'string' },
    description: { type: 'string' },
    landingPage: { type: 'string' },
    defaultExpiryDays: { type: 'integer' },
    endDate: nullableInt,
    organizationGUID: nullableString,
    applicationMaps: { type: 'array', items: applicationMapSchema },
    applicationUsages: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: { type: 'integer' },
          application: {
            type: 'object',
            properties: { manageId: { type: 'string' }, manageType: { type: 'string' } },
          },
          landingPage: { type: 'string' },
        },
      },
    },
    userRoleCount: { type: 'integer' },
    overrideSettingsAllowed: { type: 'boolean' },
    enforceEmailEquality: { type: 'boolean' },
    eduIDOnly: { type: 'boolean' },
    inviterDisplayName: nullableString,
    auditable: {
      type: 'object',
      properties: { createdBy: { type: 'string' }, createdAt: { type: 'integer' } },
    },
    isUserRole: { type: 'boolean' },
    authority: { type: 'string' },
    logo: { type: 'string' },
    applicationName: { type: 'string' },
    unknownInManage: { type: 'boolean' },
  },
} as const;

export const userInfoSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    email: { type: 'string' },
    schacHomeOrganisation: { type: 'string' },
    lastActivity: { type: 'integer' },
  },
} as const;

export const userRoleSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    user_id: { type: 'integer' },
    role: roleSchema,
    name: { type: 'string' },
    email: { type: 'string' },
    schac_home_organization: { type: 'string' },
    authority: { type: 'string' },
    guestRoleIncluded: { type: 'boolean' },
    endDate: nullableInt,
    createdAt: { type: 'integer' },
    expiryNotifiedAt: nullableInt,
    userInfo: userInfoSchema,
  },
} as const;

export const invitationSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    email: { type: 'string' },
    intendedAuthority: { type: 'string' },
    intended_authority: { type: 'string' },
    roles: {
      type: 'array',
      items: {
        type: 'object',
        properties: { id: { type: 'integer' }, role: roleSchema, endDate: nullableInt },
      },
    },
    message: nullableString,
    language: { type: 'string' },
    expiryDate: { type: 'integer' },
    roleExpiryDate: nullableInt,
    enforceEmailEquality: { type: 'boolean' },
    eduIDOnly: { type: 'boolean' },
    guestRoleIncluded: { type: 'boolean' },
    inviter: {
      type: ['object', 'null'],
      properties: { id: { type: 'integer' }, name: { type: 'string' }, email: { type: 'string' } },
    },
    remoteApiUser: nullableString,
    createdAt: { type: 'integer' },
    created_at: { type: 'integer' },
    expiry_date: { type: 'integer' },
    inviter_email: nullableString,
    acceptedAt: nullableInt,
    status: { type: 'string' },
    organizationGUID: nullableString,
  },
} as const;

/**
 * A role as an invitation search page names it, as the established console lists them (id, name, the
 * applications it points at): enough to show the role and to check what the user may do with the
 * invitation (shared-auth allowedToDeleteInvitation reads the role's id and application usages). The whole
 * role (its registry applications, texts, settings) is for the role's own page: sent with every invitation
 * it made the performance seed's first page of ten 17.2 KB, summarised it is 8.8 KB.
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
        properties: { id: { type: 'integer' }, role: roleSummarySchema, endDate: nullableInt },
      },
    },
  },
} as const;

export const tokenSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    description: { type: 'string' },
    owner: nullableString,
    ownerId: { type: ['integer', 'null'] },
    ownerEmail: nullableString,
    organizationGUID: nullableString,
    superUserToken: { type: 'boolean' },
    createdAt: { type: 'integer' },
    lastUsedAt: { type: ['integer', 'null'] },
  },
} as const;

export const providerSchema = { type: 'object', additionalProperties: true } as const;

/** `{ id }` path parameters: a strict decimal id, a number once validated (domain/ids.ts). */
export const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: idSchema },
} as const;

/** The answer of a delete: 204 without a body. */
export const noContent = { type: 'null' } as const;
