/** Kept so the writers' imports stay put: the audit SQL lives in the audit store. */
export {
  audit,
  type AuditAction,
  type AuditActor,
  type AuditEntityType,
  type AuditEntry,
} from './stores/audit.store.js';
