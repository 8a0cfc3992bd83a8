/**
 * Marking a Microsoft Graph invitation redeemed (`GET /api/v1/users/ms-accept-return/{manageId}/{userId}`,
 * where Graph sends the guest back): only the caller's own invitation at a Graph target of the registry.
 */
import type { FastifyInstance } from 'fastify';
import type { User } from 'shared-auth/rules';
import { httpError } from '../errors.js';
import { markGraphRedeemed } from '../stores/graph-invitations.store.js';

/** 404 when `manageId` is no Graph target, `userId` is not `caller`, or there is no such invitation. */
export async function markRedeemed(
  app: Pick<FastifyInstance, 'db' | 'registry'>,
  caller: User,
  manageId: string,
  userId: number,
): Promise<void> {
  const target = (await app.registry.scimTargets()).find((t) => t.id === manageId && t.protocol === 'graph');
  // Another person's invitation is not theirs to mark: as unknown as one that does not exist.
  if (!target || userId !== caller.id || !(await markGraphRedeemed(app.db, manageId, userId))) {
    throw httpError(404, `No Microsoft invitation of yours at ${manageId}`);
  }
}
