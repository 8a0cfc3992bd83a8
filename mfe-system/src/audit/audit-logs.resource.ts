import { apiGet } from 'shared-auth';
import type { AuditEvent, AuditRecord, AuditSubjectType, Page } from 'shared-auth';

export {
  AUDIT_EVENTS,
  AUDIT_SUBJECT_TYPES,
  type AuditEvent,
  type AuditRecord,
  type AuditSubjectType,
} from 'shared-auth';

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
