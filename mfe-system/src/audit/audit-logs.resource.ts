import { apiGet } from 'shared-auth';
import type { AuditEvent, AuditSubjectType, Page } from 'shared-auth';

export { AUDIT_EVENTS, AUDIT_SUBJECT_TYPES, type AuditEvent, type AuditSubjectType } from 'shared-auth';

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
