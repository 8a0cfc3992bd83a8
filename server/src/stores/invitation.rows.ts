/**
 * The row shapers of the invitations aggregate: invitation rows → the Invitation shape of spec §3, its
 * status, and what the audit log keeps of it. The statements are in invitations.store.ts.
 */
import type {
  Authority,
  Invitation,
  InvitationStatus,
  Locale,
  ManageIdentifier,
  Role,
} from 'shared-auth/rules';
import { toEpochMs, toEpochSeconds } from '../domain/time.js';

export interface InvitationRow {
  id: string | number;
  hash: string;
  email: string;
  intended_authority: Authority;
  status: 'OPEN' | 'ACCEPTED';
  message: string | null;
  language: Locale;
  enforce_email_equality: boolean;
  edu_id_only: boolean;
  /** The ACR value the accepting login must carry (issue 52); null: none. */
  requested_authn_context: string | null;
  guest_role_included: boolean;
  organization_guid: string | null;
  /** Timestamps: a Date, or their text where the rows came as JSON (db/json-rows.ts). */
  role_expiry_date: Date | string | null;
  expiry_date: Date | string;
  inviter_id: string | number | null;
  remote_api_user: string | null;
  accepted_at: Date | string | null;
  created_at: Date | string;
  inviter_name: string | null;
  inviter_email: string | null;
  invitation_roles: Array<{ roleId: number; endDate: string | null }>;
  /** An APPLICATION_MANAGER invitation's applications (invitation_applications); empty for others. */
  manage_identifiers?: ManageIdentifier[] | null;
}

export function invitationStatusOf(
  row: Pick<InvitationRow, 'status' | 'expiry_date'>,
  now = Date.now(),
): InvitationStatus {
  return statusAt(row.status, toEpochMs(row.expiry_date), now);
}

function statusAt(status: InvitationRow['status'], expiryMs: number, now: number): InvitationStatus {
  if (status === 'ACCEPTED') return 'ACCEPTED';
  return expiryMs < now ? 'EXPIRED' : 'OPEN';
}

/** The Invitation of types.ts plus the snake_case aliases some views of the console read (spec §3). */
export type ApiInvitation = Invitation & {
  intended_authority: Authority;
  expiry_date: number;
  created_at: number;
  inviter_email: string | null;
};

export function toInvitation(row: Omit<InvitationRow, 'hash'>, rolesById: Map<number, Role>): ApiInvitation {
  const links = Array.isArray(row.invitation_roles) ? row.invitation_roles : [];
  // Each timestamp read once (from a JSON row, each reading parses its text).
  const expiryMs = toEpochMs(row.expiry_date);
  const expiryDate = Math.floor(expiryMs / 1000);
  const createdAt = toEpochSeconds(row.created_at) as number;
  return {
    id: Number(row.id),
    email: row.email,
    intendedAuthority: row.intended_authority,
    intended_authority: row.intended_authority,
    roles: links.flatMap((link) => {
      const role = rolesById.get(Number(link.roleId));
      return role ? [{ id: role.id, role, endDate: toEpochSeconds(link.endDate) }] : [];
    }),
    message: row.message ?? undefined,
    language: row.language,
    expiryDate,
    roleExpiryDate: toEpochSeconds(row.role_expiry_date),
    enforceEmailEquality: row.enforce_email_equality,
    eduIDOnly: row.edu_id_only,
    requestedAuthnContext: row.requested_authn_context ?? null,
    guestRoleIncluded: row.guest_role_included,
    inviter:
      row.inviter_id === null
        ? null
        : {
            id: Number(row.inviter_id),
            name: row.inviter_name ?? undefined,
            email: row.inviter_email ?? undefined,
          },
    remoteApiUser: row.remote_api_user,
    createdAt,
    created_at: createdAt,
    expiry_date: expiryDate,
    inviter_email: row.inviter_email,
    acceptedAt: toEpochSeconds(row.accepted_at),
    status: statusAt(row.status, expiryMs, Date.now()),
    organizationGUID: row.organization_guid,
    manageIdentifiers: row.manage_identifiers ?? [],
  };
}

/** What the audit log keeps of an invitation (never the hash). */
export function invitationSnapshot(
  row: Pick<InvitationRow, 'email' | 'intended_authority' | 'status' | 'expiry_date'> & {
    roleIds?: number[];
    invitation_roles?: Array<{ roleId: number | string }>;
  },
) {
  return {
    email: row.email,
    intendedAuthority: row.intended_authority,
    status: row.status,
    expiryDate: toEpochSeconds(row.expiry_date),
    // The roles let the trail show the invitation in each role's history.
    roleIds: row.roleIds ?? row.invitation_roles?.map((link) => Number(link.roleId)),
  };
}
