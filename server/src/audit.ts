/** The audit trail: every change to roles, user roles, invitations and tokens, in the writer's transaction. */
import type { FastifyRequest } from 'fastify';
import type { Queryable } from './db/types.js';

export type AuditEntityType = 'role' | 'user_role' | 'invitation' | 'api_token' | 'user';
export type AuditAction = 'create' | 'update' | 'delete' | 'accept' | 'resend' | 'cleanup' | 'impersonate';

export interface AuditEntry {
  entityType: AuditEntityType;
  entityId: number | string | null;
  action: AuditAction;
  before?: unknown;
  after?: unknown;
}

/** Who acted: the request's effective user (and impersonator), or a job (null). */
export type AuditActor = Pick<FastifyRequest, 'user' | 'impersonatorId'> | null;

/** Writes one audit row with the given transaction handle `q`, so it commits or rolls back with the change. */
export async function audit(q: Queryable, actor: AuditActor, entry: AuditEntry): Promise<void> {
  const user = actor?.user ?? null;
  await q.query(
    `INSERT INTO audit_logs (actor_id, actor_name, impersonator_id, entity_type, entity_id, action, before, after)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      user?.id ?? null,
      user ? (user.name ?? user.email ?? user.sub ?? null) : 'system',
      actor?.impersonatorId ?? null,
      entry.entityType,
      entry.entityId === null ? null : Number(entry.entityId),
      entry.action,
      entry.before === undefined ? null : JSON.stringify(entry.before),
      entry.after === undefined ? null : JSON.stringify(entry.after),
    ],
  );
}
