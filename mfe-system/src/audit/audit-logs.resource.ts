import { apiGet } from 'shared-auth';
import type { Page } from 'shared-auth';

/** The kinds of event the trail can be filtered on (`<entityType>.<action>`), in the order the filter lists them. */
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
  'api_token.create',
  'api_token.delete',
  'user.impersonate',
  'user.impersonate_end',
  'user.delete',
] as const;
export type AuditEvent = (typeof AUDIT_EVENTS)[number];

export const AUDIT_SUBJECT_TYPES = ['role', 'user_role', 'invitation', 'api_token', 'user'] as const;
export type AuditSubjectType = (typeof AUDIT_SUBJECT_TYPES)[number];

/** One row of GET audit-logs. */
export interface AuditRecord {
  id: number;
  actorId: number | null;
  actorName: string | null;
  impersonatorId: number | null;
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

export interface AuditQuery {
  actor?: string;
  roleId?: number;
  userId?: number;
  entityType?: AuditSubjectType;
  entityId?: number;
  action?: AuditEvent;
  /** Epoch seconds, inclusive. */
  from?: number;
  /** Epoch seconds, exclusive. */
  to?: number;
  pageNumber: number;
  pageSize: number;
}

export function fetchAuditLogs(query: AuditQuery): Promise<Page<AuditRecord>> {
  return apiGet<Page<AuditRecord>>('audit-logs', { searchParams: { ...query } });
}
