/**
 * Entity shapes of spec §3, as the API answers them and the console reads them. Shared by the server
 * (which produces them) and every browser package (which reads them).
 */

/**
 * The ladder, strongest first. APPLICATION_MANAGER (OpenConext Invite's #693) holds rights per registry
 * application (User.managedApplications), granted by an accepted invitation, never through a role.
 */
export const AUTHORITIES = [
  'SUPER_USER',
  'INSTITUTION_ADMIN',
  'APPLICATION_MANAGER',
  'MANAGER',
  'INVITER',
  'GUEST',
] as const;
export type Authority = (typeof AUTHORITIES)[number];

export type Locale = 'en' | 'nl';

export interface Institution {
  'name:nl'?: string;
  'name:en'?: string;
  logo?: string;
}

/** A registry application as mapped into a role. */
export interface ApplicationMap {
  id: string;
  unknown?: boolean;
  logo?: string;
  url?: string;
  landingPage?: string;
  'name:en'?: string;
  'name:nl'?: string;
  'OrganizationName:en'?: string;
  'OrganizationName:nl'?: string;
  [key: string]: unknown;
}

export interface ApplicationUsage {
  id?: number;
  application: { manageId: string; manageType: ManageType; id?: number };
  landingPage?: string;
}

export type ManageType = 'saml20_sp' | 'oidc10_rp';

export interface Role {
  id: number;
  name: string;
  shortName: string;
  urn: string;
  description: string;
  landingPage?: string;
  defaultExpiryDays: number;
  endDate?: number | null;
  organizationGUID?: string | null;
  applicationMaps: ApplicationMap[];
  applicationUsages: ApplicationUsage[];
  userRoleCount?: number;
  overrideSettingsAllowed: boolean;
  enforceEmailEquality: boolean;
  eduIDOnly: boolean;
  /** The ACR value (ACR_VALUES) an invitee's login must carry to accept an invitation for it; null: none. */
  requestedAuthnContext?: string | null;
  inviterDisplayName?: string | null;
  auditable?: { createdBy?: string; createdAt?: number };
  /** Derived in lists: the role is one of the current user's roles. */
  isUserRole?: boolean;
  /** Derived in lists: the current user's authority on the role. */
  authority?: Authority;
  logo?: string;
  applicationName?: string;
  unknownInManage?: boolean;
}

export interface UserRole {
  id: number;
  user_id?: number;
  role: Role;
  name?: string;
  email?: string;
  schac_home_organization?: string;
  authority: Authority;
  guestRoleIncluded?: boolean;
  /** Epoch seconds; absent or null means no end date. */
  endDate?: number | null;
  /** Epoch seconds: when the role was accepted. */
  createdAt?: number;
  userInfo?: {
    id: number;
    name?: string;
    email?: string;
    schacHomeOrganisation?: string;
    lastActivity?: number;
  };
}

export interface User {
  id: number;
  name?: string;
  email?: string;
  sub?: string;
  givenName?: string;
  familyName?: string;
  eduPersonPrincipalName?: string;
  schacHomeOrganization?: string;
  organizationGUID?: string | null;
  /** Epoch seconds. */
  createdAt?: number;
  /** Epoch seconds. */
  lastActivity?: number;
  /** Comma-separated list of the authorities the user holds through roles, strongest first. */
  authority?: string;
  highestAuthority?: string;
  superUser: boolean;
  institutionAdmin: boolean;
  institution?: Institution | null;
  userRoles: UserRole[];
  applications?: ApplicationMap[];
  /**
   * The registry applications the user is an application manager of (granted by accepted
   * APPLICATION_MANAGER invitations, until removed); empty or absent for everyone else. Read with the user
   * on every request. An application the registry no longer knows is marked `unknown`.
   */
  managedApplications?: ApplicationMap[];
  roles?: Role[];
}

/** A registry application as an invitation names it (OpenConext Invite's manageIdentifiers). */
export interface ManageIdentifier {
  manageId: string;
  manageType: ManageType;
}

export interface Config {
  authenticated: boolean;
  name?: string;
  missingAttributes?: string[];
  groupUrnPrefix?: string;
  pastDateAllowed?: boolean;
  performanceSeedAllowed?: boolean;
  locale?: string;
  languages?: string;
  environment?: string;
  serverUrl?: string;
  welcomeUrl?: string;
  helpUrl?: string;
  switchAppUrl?: string;
}

export type InvitationStatus = 'OPEN' | 'ACCEPTED' | 'EXPIRED';

/**
 * What the permission rules read of a role: its id (does the user hold it?) and the registry applications
 * it points at (does the user manage one of them?).
 */
export type RoleRef = Pick<Role, 'id'> & Partial<Pick<Role, 'applicationUsages' | 'applicationMaps'>>;

/** A role as an invitation search page names it: its id, name and applications (server roleSummarySchema). */
export type RoleSummary = Pick<Role, 'id' | 'name' | 'applicationUsages'> &
  Partial<Pick<Role, 'organizationGUID' | 'applicationName' | 'unknownInManage'>>;

export interface Invitation {
  id: number;
  email: string;
  intendedAuthority: Authority;
  roles: Array<{ id: number; role: Role; endDate?: number | null }>;
  message?: string;
  language?: Locale;
  /** Epoch seconds. */
  expiryDate: number;
  /** Epoch seconds. */
  roleExpiryDate?: number | null;
  enforceEmailEquality: boolean;
  eduIDOnly: boolean;
  /** The ACR value the accepting login must carry (its roles' by default); null: none. */
  requestedAuthnContext?: string | null;
  guestRoleIncluded: boolean;
  inviter?: { id?: number; name?: string; email?: string } | null;
  remoteApiUser?: string | null;
  /** Epoch seconds. */
  createdAt: number;
  acceptedAt?: number | null;
  status: InvitationStatus;
  organizationGUID?: string | null;
  /** The applications an APPLICATION_MANAGER invitation makes its invitee the manager of, with their names. */
  manageIdentifiers?: Array<ManageIdentifier & { 'name:en'?: string; 'name:nl'?: string }>;
}

/** An invitation as GET invitations/search lists it: its roles summarised. */
export interface ListedInvitation extends Omit<Invitation, 'roles'> {
  roles: Array<{ id: number; role: RoleSummary; endDate?: number | null }>;
}

export interface InvitationRequest {
  intendedAuthority: Authority;
  invites: string[];
  /** The roles (none for an APPLICATION_MANAGER invitation). */
  roleIdentifiers?: number[];
  message?: string | null;
  language?: Locale;
  /** Epoch seconds. */
  expiryDate?: number;
  /** Epoch seconds. */
  roleExpiryDate?: number | null;
  organizationGUID?: string | null;
  /** APPLICATION_MANAGER invitations: the applications (at least one). */
  manageIdentifiers?: ManageIdentifier[];
  enforceEmailEquality?: boolean;
  eduIDOnly?: boolean;
  /** Taken only when every role allows overriding its settings; null: none. */
  requestedAuthnContext?: string | null;
  guestRoleIncluded?: boolean;
}

export interface ApiToken {
  id: number;
  description: string;
  /** The owner's name (else e-mail) as text. */
  owner?: string | null;
  ownerId?: number | null;
  ownerEmail?: string | null;
  organizationGUID?: string | null;
  superUserToken: boolean;
  /** Epoch seconds. */
  createdAt: number;
  /** Epoch seconds of the last call made with it; null when never used. */
  lastUsedAt?: number | null;
}

export interface Provider {
  id: string;
  manageId?: string;
  type?: ManageType;
  manageType?: ManageType;
  'name:en'?: string;
  'name:nl'?: string;
  'OrganizationName:en'?: string;
  'OrganizationName:nl'?: string;
  url?: string;
  landingPage?: string;
  logo?: string;
  receivesMemberships?: boolean;
  unknownInManage?: boolean;
  roleCount?: number;
  roles?: Role[];
  provisionings?: Provisioning[];
}

export interface Provisioning {
  provisioning_type: string;
  'name:en'?: string;
  'name:nl'?: string;
  applications: Array<{ id: string; manageType?: ManageType }>;
}

export interface Page<T> {
  content: T[];
  totalElements: number;
}

export interface PagedQuery {
  query?: string;
  pageNumber?: number;
  pageSize?: number;
  sort?: string;
  sortDirection?: 'ASC' | 'DESC';
}

/** The body of every error answer of the API. */
export interface ApiErrorBody {
  status: number;
  error: string;
  message: string;
  /** Present on 5xx answers: shown to the user as the reference number. */
  reference?: number;
  /** Present on a 412 of invitation accept: the invited address. */
  email?: string;
  /** Present on a 412 of invitation accept when the login lacked the invitation's assurance level (its ACR). */
  requestedAuthnContext?: string;
}
