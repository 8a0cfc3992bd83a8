/**
 * The end of an impersonation (`POST /api/v1/audit-logs/impersonation-end`): impersonating is a header
 * the console stops sending, so it says so here and the audit trail shows the end. Its start is recorded
 * where the header is read (plugins/auth.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { User } from 'shared-auth/rules';
import { httpError } from '../errors.js';
import { auditImpersonation } from '../stores/audit.store.js';

export const NOT_IMPERSONATING = 'Nobody is being impersonated (send X-IMPERSONATE-ID)';

/**
 * Audits that `real` stopped impersonating `target` (400 when the request impersonates nobody). The
 * user impersonated, whom the session then no longer counts as seen.
 */
export async function endImpersonation(
  app: Pick<FastifyInstance, 'db'>,
  real: User | null,
  target: User | null,
  impersonatorId: number | null,
): Promise<User> {
  if (!real || !target || impersonatorId === null || real.id === target.id) {
    throw httpError(400, NOT_IMPERSONATING);
  }
  await app.db.tx((q) => auditImpersonation(q, real, target, 'impersonate_end'));
  return target;
}
