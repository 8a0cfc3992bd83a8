/**
 * Saving and deleting an API token (`POST` and `DELETE /api/v1/tokens`). The route has checked who may
 * and holds the secret generate-token showed; saved, it is kept only as a hash (stores/tokens.store.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { User } from 'shared-auth/rules';
import { httpError } from '../errors.js';
import type { AuditActor } from '../stores/audit.store.js';
import { deleteToken, insertToken, type StoredToken } from '../stores/tokens.store.js';

type Deps = Pick<FastifyInstance, 'db'>;

/** The refusals of a save, as the route declares them. */
export const CREATE_TOKEN_ERRORS = {
  noDescription: 'The description is required for an API token',
  notGenerated: 'Generate a token first',
} as const;

/**
 * A token of `owner` for `secret` (null: none was generated in this session, a 400), with its
 * description trimmed (400 when nothing is left); it reaches what its owner reaches. Audited. Its id.
 */
export async function createToken(
  app: Deps,
  actor: AuditActor,
  owner: User,
  description: string,
  secret: string | null | undefined,
): Promise<number> {
  const trimmed = description.trim();
  if (!trimmed) throw httpError(400, CREATE_TOKEN_ERRORS.noDescription);
  if (!secret) throw httpError(400, CREATE_TOKEN_ERRORS.notGenerated);
  return app.db.tx((q) =>
    insertToken(q, actor, {
      secret,
      description: trimmed,
      ownerId: owner.id,
      organizationGUID: owner.organizationGUID ?? null,
      superUserToken: owner.superUser,
    }),
  );
}

/** The token gone (audited). */
export async function removeToken(app: Deps, actor: AuditActor, token: StoredToken): Promise<void> {
  await app.db.tx((q) => deleteToken(q, actor, token));
}
