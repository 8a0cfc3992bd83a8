/**
 * Bodies and answers of the API that the server and the console both write down: defined here once, the
 * server builds them and the remotes read them. Types only (no runtime names: a remote may use them
 * whatever shell it runs in). The entities themselves (Role, User, Invitation, …) are in types.ts.
 */
import type { ManageType, UserRole } from './types.js';

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

/** A provisioning target with how it stands (GET system/provisioning). */
export interface ProvisioningTargetState extends ShownProvisioningTarget {
  waiting: number;
  failed: number;
  /** Users the target holds (delivered). */
  users: number;
  /** Groups the target holds (delivered). */
  groupsDelivered: number;
}

export type DeliveryStatus = 'waiting' | 'failed';

/** One resource (a role's group or a person) waiting to be sent to a target, or given up. */
export interface ProvisioningDelivery {
  id: number;
  target: string;
  kind: 'group' | 'user';
  localId: number;
  /** The role's name or the person's name (or e-mail); null when it is gone. */
  label: string | null;
  status: DeliveryStatus;
  attempts: number;
  /** Epoch seconds. */
  nextAttemptAt: number;
  lastStatus: number | null;
  lastError: string | null;
  /** Epoch seconds. */
  updatedAt: number;
}

/** GET system/provisioning: the targets with their counts and one page of waiting and failed deliveries. */
export interface ProvisioningOverview {
  targets: ProvisioningTargetState[];
  /** Changes recorded but not yet planned into deliveries. */
  unplanned: number;
  content: ProvisioningDelivery[];
  totalElements: number;
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

/**
 * A user as the users lists answer it (GET users/search, users/search-by-application, and the admins and
 * managers lists, which add their own fields).
 */
export interface UserListItem {
  id: number;
  sub?: string;
  name?: string | null;
  email?: string | null;
  schac_home_organization?: string | null;
  schacHomeOrganization?: string | null;
  superUser?: boolean;
  institutionAdmin?: boolean;
  /** Epoch seconds. */
  lastActivity?: number;
  createdAt?: number;
  authority?: string;
  /** Only in search-by-application: the user's roles on the institution's applications. */
  userRoles?: Array<{
    id: number;
    roleId: number;
    roleName: string;
    authority: string;
    endDate?: number | null;
  }>;
}

/**
 * An institution admin (GET users/institution-admins/{roleId}: who may manage a role; in the groups of
 * GET users/institution-admins also where the right comes from, both may be true).
 */
export interface InstitutionAdmin extends UserListItem {
  organizationGUID: string;
  /** The entitlements of their last login make them admin: ends when their institution stops releasing them. */
  viaEntitlement?: boolean;
  /** An accepted invitation made them admin: ends when a super user removes it. */
  grantedByInvitation?: boolean;
}

/** The institution admins of one organisation (GET users/institution-admins). */
export interface InstitutionAdminGroup {
  organizationGUID: string;
  'name:en': string | null;
  'name:nl': string | null;
  logo: string | null;
  /** False for a GUID users claim that the registry does not know. */
  known: boolean;
  admins: InstitutionAdmin[];
}

/** What PUT users/removeInstitutionAdmin/{userId} answers: the right after the removal. */
export interface InstitutionAdminRemoval {
  id: number;
  sub?: string;
  name?: string | null;
  email?: string | null;
  institutionAdmin: boolean;
  organizationGUID: string | null;
  viaEntitlement: boolean;
  /** The grants removed (epoch seconds). */
  removedGrants?: Array<{
    organizationGUID: string | null;
    invitationId: number | null;
    grantedBy: string | null;
    grantedAt: number | null;
  }>;
}

/** One application an application manager manages, and where the right came from. */
export interface ManagedApplication {
  manageId: string;
  manageType: string;
  'name:en': string | null;
  'name:nl': string | null;
  /** False for an application the registry no longer knows (the right stays until removed). */
  known: boolean;
  invitationId: number | null;
  grantedBy: string | null;
  /** Epoch seconds. */
  grantedAt: number;
}

/** An application manager with the applications the viewer may see (GET users/applicationManagers). */
export interface ApplicationManager extends UserListItem {
  applications: ManagedApplication[];
}

/** What PUT users/removeApplicationManager/{userId} answers. */
export interface ApplicationManagerRemoval {
  id: number;
  sub?: string;
  name?: string | null;
  email?: string | null;
  removedApplications: ManagedApplication[];
  /** Applications of other organisations, which the remover may not take: the user still manages these. */
  remainingApplications: ManagedApplication[];
}

/** The registry snapshot's state (GET system/registry, POST system/registry/refresh): times in epoch seconds. */
export interface RegistryState {
  source: 'manage' | 'files';
  /** The snapshot in the database; 0 before a first successful refresh. */
  version: number;
  /** The snapshot the answering server instance decides with. */
  versionInUse: number;
  refreshedAt: number | null;
  changedAt: number | null;
  /** Why the last refresh failed; null when it succeeded. */
  lastError: string | null;
  lastErrorAt: number | null;
}

/** The steps of a performance seed run, in order (GET system/performance-seed). */
export type SeedStep = 'clearing' | 'roles' | 'users' | 'statistics' | 'auditTrail';

/** What a performance seed run wrote (PUT system/performance-seed, and the last run's result). */
export interface SeedCounts {
  roles: number;
  users: number;
  userRoles: number;
  invitations: number;
  auditLogs: number;
  /** Milliseconds the seed took. */
  ms: number;
  /** Milliseconds of `ms` spent writing the audit trail (the rest is the seed proper). */
  auditTrailMs?: number;
}

/** GET system/performance-seed: the run of the answering server, under way or last finished. */
export interface SeedProgress {
  running: boolean;
  step: SeedStep | null;
  /** Steps finished so far of `stepsTotal`. */
  stepsDone: number;
  stepsTotal: number;
  /** Users written so far of `usersTotal`, while the users step runs. */
  usersDone?: number;
  usersTotal?: number;
  /** Epoch milliseconds. */
  startedAt: number | null;
  finishedAt: number | null;
  result: SeedCounts | null;
  error: string | null;
}

/** The answer of an invitation create (POST invitations): how many were made (one per address), their ids. */
export interface InvitationSummary {
  created: number;
  ids: number[];
}

/**
 * Where a bulk invitation create stands (GET invitations/progress/{key}): stored (`written`), then mailed,
 * of `total`; `done` once answered.
 */
export interface InvitationProgress {
  phase: 'checking' | 'writing' | 'mailing' | 'done' | 'failed';
  /** Invitations the request makes (known once the addresses are checked; 0 before). */
  total: number;
  /** Invitations stored so far. */
  written: number;
  /** Mails handed to the mailer so far (sent or failed: a failed mail does not stop the rest). */
  mailed: number;
  done: boolean;
}

/** A user who loses access when a role is deleted (GET user_roles/consequences/{roleId}): of their UserRole. */
export type RoleConsequence = Required<Pick<UserRole, 'userInfo'>> & Pick<UserRole, 'authority'>;

/** A mail the expiry notifications job sent (GET system/cron/expiry-notifications answers `{ mails }`). */
export interface SentMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}
