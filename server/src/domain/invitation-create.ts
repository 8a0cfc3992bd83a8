/**
 * Spec §5 invitation validation and §6 'grant only below your own authority': the request's schema, the
 * checks that need no database, and the checked invitation the store inserts. Reading the roles and the
 * registry is the use case's (use-cases/invitation-create.ts).
 */
import {
  allowedAuthoritiesForInvitation,
  isRoleUnknownInManage,
  isUserAllowed,
  type Authority,
  type InvitationRequest,
  type ManageIdentifier,
  type Role,
  type User,
} from 'shared-auth/rules';
import { httpError } from '../errors.js';
import { DAY_MS, fromEpochSeconds } from './time.js';
import { idSchema } from './ids.js';

export const INVITATION_VALIDITY_DAYS = 30;
export const MAX_INVITATION_DAYS = 365;
/**
 * Addresses per request, counted after splitting: one entry may hold many addresses, and each address
 * costs an invitation, a mail and database work on the one server thread.
 */
export const MAX_INVITEES_PER_REQUEST = 1000;

export const invitationRequestSchema = {
  type: 'object',
  required: ['intendedAuthority', 'invites'],
  properties: {
    intendedAuthority: {
      type: 'string',
      enum: ['SUPER_USER', 'INSTITUTION_ADMIN', 'APPLICATION_MANAGER', 'MANAGER', 'INVITER', 'GUEST'],
    },
    invites: { type: 'array', maxItems: 1000, items: { type: 'string', maxLength: 320 } },
    roleIdentifiers: {
      type: 'array',
      maxItems: 100,
      items: idSchema,
    },
    message: { type: ['string', 'null'], maxLength: 4000 },
    language: { type: 'string', enum: ['en', 'nl'] },
    expiryDate: { type: 'integer', minimum: 0, maximum: 253_402_300_799 },
    roleExpiryDate: {
      type: ['integer', 'null'],
      minimum: 0,
      maximum: 253_402_300_799,
      description:
        "Epoch seconds: the memberships' end date. Refused (400) when after the end date of one of the roles; absent, a membership ends the role's defaultExpiryDays after acceptance, at the role's end date at the latest.",
    },
    organizationGUID: { type: ['string', 'null'], maxLength: 255 },
    manageIdentifiers: {
      type: 'array',
      maxItems: 100,
      description:
        'APPLICATION_MANAGER invitations only (and required there): the registry applications, by id and type, the invitee becomes the application manager of.',
      items: {
        type: 'object',
        required: ['manageId', 'manageType'],
        additionalProperties: false,
        properties: {
          manageId: { type: 'string', minLength: 1, maxLength: 255 },
          manageType: { type: 'string', enum: ['saml20_sp', 'oidc10_rp'] },
        },
      },
    },
    enforceEmailEquality: { type: 'boolean' },
    eduIDOnly: { type: 'boolean' },
    requestedAuthnContext: {
      type: ['string', 'null'],
      maxLength: 1024,
      description:
        "The ACR value the accepting login must carry: one of GET manage/requested-authn-context-values, or null for none. Taken only when every role allows overriding its settings; otherwise, and when absent, the roles' own.",
    },
    guestRoleIncluded: { type: 'boolean' },
  },
  examples: [
    {
      intendedAuthority: 'GUEST',
      invites: ['jane@example.org', 'john@example.org'],
      roleIdentifiers: ['12'],
      message: 'Welcome to the research wiki',
      language: 'en',
      expiryDate: 1_768_435_200,
      roleExpiryDate: 1_798_761_600,
      enforceEmailEquality: false,
      eduIDOnly: false,
      guestRoleIncluded: false,
    },
  ],
} as const;

export interface CheckedInvitation {
  emails: string[];
  intendedAuthority: Authority;
  roles: Role[];
  message: string | null;
  language: 'en' | 'nl';
  expiryDate: Date;
  roleExpiryDate: Date | null;
  organizationGUID: string | null;
  /** APPLICATION_MANAGER invitations: the applications, checked against the registry; else empty. */
  manageIdentifiers: ManageIdentifier[];
  enforceEmailEquality: boolean;
  eduIDOnly: boolean;
  /** The ACR value the accepting login must carry; null: none. */
  requestedAuthnContext: string | null;
  guestRoleIncluded: boolean;
}

/** The invitation's and the role's expiry dates, checked against now. */
export function checkDates(body: InvitationRequest, pastDateAllowed: boolean, now: number) {
  const expiry =
    body.expiryDate !== undefined ? body.expiryDate * 1000 : now + INVITATION_VALIDITY_DAYS * DAY_MS;
  if (!pastDateAllowed && expiry <= now)
    throw httpError(400, 'The invitation expiry date must be in the future');
  // One day of margin: the console picks calendar days in the browser's time zone.
  if (expiry > now + (MAX_INVITATION_DAYS + 1) * DAY_MS) {
    throw httpError(400, `The invitation expiry date can be at most ${MAX_INVITATION_DAYS} days ahead`);
  }
  let roleExpiry: Date | null = null;
  if (body.roleExpiryDate !== undefined && body.roleExpiryDate !== null) {
    if (body.roleExpiryDate * 1000 < expiry + DAY_MS) {
      throw httpError(400, 'The role expiry date must be at least one day after the invitation expiry date');
    }
    roleExpiry = fromEpochSeconds(body.roleExpiryDate);
  }
  return { expiryDate: new Date(expiry), roleExpiryDate: roleExpiry };
}

/**
 * No membership outlives its role's end date: a role expiry date after the end date of one of the roles is
 * refused (400 naming the field) rather than silently shortened, and a role that has ended invites no one
 * (unless past dates are allowed). Without a role expiry date, acceptance caps at the role's end date.
 */
export function checkRoleEndDates(
  roleExpiryDate: Date | null,
  roles: Role[],
  pastDateAllowed: boolean,
  now: number,
  field: 'roleExpiryDate' | 'endDate' = 'roleExpiryDate',
): void {
  for (const role of roles) {
    if (role.endDate === null || role.endDate === undefined) continue;
    const day = new Date(role.endDate * 1000).toISOString().slice(0, 10);
    if (!pastDateAllowed && role.endDate * 1000 <= now) {
      throw httpError(400, `Role ${role.name} ended on ${day}: it grants no access any more`);
    }
    if (roleExpiryDate && roleExpiryDate.getTime() > role.endDate * 1000) {
      throw httpError(400, `${field} is after the end date of role ${role.name} (${day})`);
    }
  }
}

/** Refuses what the user may not grant: 403 for the rules, 400 for roles that cannot invite. */
export function checkGrant(user: User, intended: Authority, roles: Role[]): void {
  if (intended === 'SUPER_USER' && !user.superUser)
    throw httpError(403, 'Only a super user invites super users');
  const needsRole =
    intended !== 'SUPER_USER' && intended !== 'INSTITUTION_ADMIN' && intended !== 'APPLICATION_MANAGER';
  if (needsRole && !isUserAllowed(user, 'INVITER')) throw httpError(403, 'missing roles');
  // The shared rule decides first: what it refuses is a 403, whatever else is wrong with the request.
  if (!allowedAuthoritiesForInvitation(user, roles).includes(intended)) {
    throw httpError(403, `You may not invite a ${intended} for these roles`);
  }
  if (needsRole && roles.length === 0)
    throw httpError(400, 'At least one role is required for an invitation');
  for (const role of roles) {
    if (isRoleUnknownInManage(role))
      throw httpError(400, `Role ${role.name} is unknown in the registry and cannot invite`);
  }
}
