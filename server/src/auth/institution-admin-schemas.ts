/** JSON schemas of the institution-admin endpoints (routes/institution-admins.ts). */
import { userListItemSchema } from './user-schemas.js';

/** An institution admin with the organisation that scopes them. */
export const adminSchema = {
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

/** In the super user's list: the admin and where the right comes from (both may hold). */
export const sourcedAdminSchema = {
  type: 'object',
  properties: {
    ...adminSchema.properties,
    /** The entitlements of the last login make them an admin: ends when the identity provider stops. */
    viaEntitlement: { type: 'boolean', examples: [false] },
    /** An accepted invitation's grant makes them an admin: ends when a super user removes it. */
    grantedByInvitation: { type: 'boolean', examples: [true] },
  },
  examples: [{ ...adminSchema.examples[0], viaEntitlement: false, grantedByInvitation: true }],
} as const;

/** The answer of a removal: the user's right after it, and the grants that went. */
export const removalSchema = {
  type: 'object',
  required: ['id', 'institutionAdmin', 'organizationGUID', 'viaEntitlement', 'removedGrants'],
  properties: {
    id: { type: 'integer' },
    sub: { type: 'string' },
    name: { type: ['string', 'null'] },
    email: { type: ['string', 'null'] },
    /** Still an institution admin after the removal: only through the entitlements of the last login. */
    institutionAdmin: { type: 'boolean' },
    organizationGUID: { type: ['string', 'null'] },
    viaEntitlement: { type: 'boolean' },
    removedGrants: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          organizationGUID: { type: ['string', 'null'] },
          invitationId: { type: ['integer', 'null'] },
          grantedBy: { type: ['string', 'null'] },
          grantedAt: { type: 'integer' },
        },
      },
    },
  },
  examples: [
    {
      id: 7,
      sub: 'urn:collab:person:example.org:invited-admin',
      name: 'Ines Invited',
      email: 'invited-admin@example.org',
      institutionAdmin: false,
      organizationGUID: null,
      viaEntitlement: false,
      removedGrants: [
        {
          organizationGUID: 'ad93daef-0911-e511-80d0-005056956c1a',
          invitationId: 31,
          grantedBy: 'Ada Admin',
          grantedAt: 1_767_225_600,
        },
      ],
    },
  ],
} as const;
