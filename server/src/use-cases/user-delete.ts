/**
 * Deleting a user (`DELETE /api/v1/users/{id}`, a super user's action): the user and its memberships go,
 * audited, in one transaction. The route has checked who may (never oneself).
 */
import type { FastifyInstance } from 'fastify';
import { httpError } from '../errors.js';
import type { AuditActor } from '../stores/audit.store.js';
import { deleteUser } from '../stores/users.store.js';

/** The user `id` gone; 404 when there is no such user. */
export async function removeUser(
  app: Pick<FastifyInstance, 'db'>,
  actor: AuditActor,
  id: number,
): Promise<void> {
  await app.db.tx(async (q) => {
    if (!(await deleteUser(q, actor, id))) throw httpError(404, `User ${id} not found`);
  });
}
