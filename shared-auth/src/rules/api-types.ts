/**
 * Bodies and answers of the API that the server and the console both write down: defined here once, the
 * server builds them and the remotes read them. Types only (no runtime names: a remote may use them
 * whatever shell it runs in). The entities themselves (Role, User, Invitation, …) are in types.ts.
 */
import type { ManageType } from './types.js';

/** The body of a role create or update (POST and PUT roles, of every API; spec §7). */
export interface RoleBody {
  id?: number;
  name: string;
  description: string;
  defaultExpiryDays?: number;
  /** Epoch seconds: the role's memberships end on this date at the latest; null or absent: none. */
  endDate?: number | null;
  enforceEmailEquality?: boolean;
  eduIDOnly?: boolean;
  overrideSettingsAllowed?: boolean;
  /** An ACR value the invitee's login must carry; null: none; absent on an update: unchanged. */
  requestedAuthnContext?: string | null;
  inviterDisplayName?: string | null;
  organizationGUID?: string | null;
  applicationUsages: Array<{
    application: { manageId: string; manageType?: ManageType };
    landingPage?: string | null;
  }>;
}

/** A provisioning target of the registry as the console may see it (no credentials). */
export interface ShownProvisioningTarget {
  id: string;
  'name:en'?: string;
  'name:nl'?: string;
  url: string;
  /** False for a target that takes users only. */
  groups: boolean;
  /** True: a group's members are sent by PUT of the whole group, else by PATCH. */
  putMethod: boolean;
  /** What it speaks: SCIM, eVA guest accounts or Microsoft Graph invitations. */
  protocol?: 'scim' | 'eva' | 'graph';
  applications: string[];
}

export type RoleProvisioningStatus = 'delivered' | 'waiting' | 'failed';

/** A delivery a SCIM target refused: the role's group or one of its members, with the target's reason. */
export interface ProvisioningFailure {
  kind: 'group' | 'user';
  label: string | null;
  lastStatus: number | null;
  lastError: string | null;
}

/** How a role stands at one SCIM target that provisions one of its applications (GET roles/{id}/provisioning). */
export interface RoleProvisioning {
  target: ShownProvisioningTarget;
  /** The registry ids of the role's applications this target provisions. */
  roleApplications: string[];
  status: RoleProvisioningStatus;
  groupDelivered: boolean;
  /** Guest members the target should hold. */
  members: number;
  delivered: number;
  waiting: number;
  failed: number;
  failures: ProvisioningFailure[];
}

/** What one cleanup run removed (GET system/cron/cleanup). */
export interface CleanupResult {
  invitations: Array<{ id: number; email: string; expiryDate: number | null }>;
  userRoles: Array<{
    id: number;
    userId: number;
    roleId: number;
    roleName: string;
    email: string | null;
    endDate: number | null;
  }>;
}

/** The tidy-data jobs (GET system/cron/{job}). */
export type TidyJob = 'inactive-users' | 'users-without-roles' | 'audit-retention';

/** A user a tidy job removed. */
export interface TidiedUser {
  id: number;
  name: string | null;
  email: string | null;
  /** Epoch seconds. */
  lastActivity: number | null;
  /** The memberships removed with the user. */
  memberships: number;
}

/** What one tidy-data run removed; `users` lists at most a hundred, the counts are complete. */
export interface TidyResult {
  job: TidyJob;
  /** The setting the run used, in days; 0 = the job is off and removed nothing. */
  days: number;
  removedUsers: number;
  removedMemberships: number;
  removedAuditRows: number;
  users: TidiedUser[];
  /** Audit retention: rows created before this moment (epoch seconds) went. */
  before: number | null;
}

/** A guest's Microsoft Graph invitation and its redeem link (GET users/ms-redeem-links). */
export interface RedeemLink {
  target: string;
  'name:en': string;
  'name:nl': string;
  /** null while the invitation is still being made at Microsoft. */
  redeemUrl: string | null;
  redeemed: boolean;
}
