import type { AuditEvent, AuditQuery, AuditRecord, AuditSubjectType } from './audit-logs.resource';

/** The subjects a history page can be about: `audit-logs/{id}?subject=…` (default role). */
export const PAGE_SUBJECTS = ['role', 'user', 'invitation'] as const;
export type PageSubject = (typeof PAGE_SUBJECTS)[number];

export function pageSubject(value: string | null): PageSubject {
  return PAGE_SUBJECTS.find((subject) => subject === value) ?? 'role';
}

/** The server filter of one subject's history. */
export function subjectQuery(subject: PageSubject, id: number): Partial<AuditQuery> {
  if (subject === 'role') return { roleId: id };
  if (subject === 'user') return { userId: id };
  return { entityType: 'invitation', entityId: id };
}

/** `role.create` etc.: the key of the event's label. */
export function eventOf(record: AuditRecord): AuditEvent | string {
  return `${record.entityType}.${record.action}`;
}

function field(snapshot: unknown, key: string): unknown {
  return snapshot && typeof snapshot === 'object' ? (snapshot as Record<string, unknown>)[key] : undefined;
}

/** A value of the row's snapshot after the change, else before it. */
export function snapshotValue(record: AuditRecord, key: string): unknown {
  return field(record.after, key) ?? field(record.before, key);
}

/** A value that changed between before and after, as [before, after]; null when it did not change. */
export function changed(record: AuditRecord, key: string): [unknown, unknown] | null {
  if (!record.before || !record.after) return null;
  const before = field(record.before, key);
  const after = field(record.after, key);
  return JSON.stringify(before) === JSON.stringify(after) ? null : [before, after];
}

/** Where a row's subject lives in the console; null when it is gone or has no page. */
export interface SubjectLink {
  text: string;
  to: string | null;
}

export function historyPath(subject: PageSubject, id: number, name: string): string {
  const query = new URLSearchParams({ subject, name });
  return `/audit-logs/${id}?${query.toString()}`;
}

export function subjectLinks(record: AuditRecord): SubjectLink[] {
  const links: SubjectLink[] = [];
  const roleId = record.roleIds[0];
  const roleText = record.roleName ?? (roleId ? `#${roleId}` : null);
  const userText = record.userName ?? (record.userId ? `#${record.userId}` : null);
  const type: AuditSubjectType = record.entityType;
  const gone = record.action === 'delete' || record.action === 'cleanup';
  if (type === 'invitation' && record.entityId !== null) {
    const email = String(snapshotValue(record, 'email') ?? record.userName ?? `#${record.entityId}`);
    links.push({ text: email, to: historyPath('invitation', record.entityId, email) });
  } else if (type === 'api_token') {
    links.push({ text: String(snapshotValue(record, 'description') ?? `#${record.entityId}`), to: null });
  }
  if ((type === 'user_role' || type === 'user' || type === 'api_token') && userText) {
    links.push({
      text: userText,
      to:
        record.userId && !(type === 'user' && record.action === 'delete')
          ? `/profile/${record.userId}`
          : null,
    });
  }
  if (roleText && roleId) {
    links.push({ text: roleText, to: type === 'role' && gone ? null : `/roles/${roleId}` });
  }
  return links;
}
