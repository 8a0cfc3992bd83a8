/**
 * The vocabulary of the audit trail, shared by the server (which writes and filters it) and the console
 * (which offers the filters): what a row can be about, and each kind of event as `<subject>.<action>`.
 */
export const AUDIT_SUBJECT_TYPES = [
  'role',
  'user_role',
  'invitation',
  'api_token',
  'user',
  'provisioning',
  'audit_log',
] as const;
export type AuditSubjectType = (typeof AUDIT_SUBJECT_TYPES)[number];

/** The kinds of event the trail can be filtered on, in the order the filter lists them. */
export const AUDIT_EVENTS = [
  'role.create',
  'role.update',
  'role.delete',
  'user_role.create',
  'user_role.update',
  'user_role.delete',
  'user_role.cleanup',
  'invitation.create',
  'invitation.resend',
  'invitation.delete',
  'invitation.accept',
  'invitation.cleanup',
  'invitation.denied',
  'api_token.create',
  'api_token.delete',
  'user.impersonate',
  'user.impersonate_end',
  'user.delete',
  'user.remove_institution_admin',
  'user.remove_application_manager',
  'provisioning.fail',
  'provisioning.retry',
  'provisioning.resync',
  'user.cleanup',
  'audit_log.cleanup',
  'user.login',
  'user.logout',
  'user.denied',
] as const;
export type AuditEvent = (typeof AUDIT_EVENTS)[number];

/** One row of the audit trail as `GET audit-logs` answers it (the server writes it, the system remote reads it). */
export interface AuditRecord {
  id: number;
  actorId: number | null;
  actorName: string | null;
  impersonatorId: number | null;
  /** The API token that made the change (the external API), when a token did. */
  apiTokenId?: number | null;
  entityType: AuditSubjectType;
  entityId: number | null;
  action: string;
  roleIds: number[];
  roleName: string | null;
  userId: number | null;
  userName: string | null;
  before: unknown;
  after: unknown;
  /** Epoch seconds. */
  createdAt: number;
}
