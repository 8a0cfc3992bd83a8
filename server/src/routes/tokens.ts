/** /api/v1/tokens: API tokens (spec §3 API token, §4 token creation, §6). */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { mayDeleteToken, mayOpenTokens, type User } from 'shared-auth/rules';
import { audit } from '../audit.js';
import { requireUser } from '../plugins/auth.js';
import { idParams, tokenSchema, noContent } from '../domain/schemas.js';
import { toEpochSeconds } from '../domain/time.js';
import { httpError } from '../errors.js';
import { hashTokenSecret } from '../plugins/auth.js';

declare module '../plugins/session.js' {
  interface SessionData {
    /** The secret shown by generate-token, kept until the token is saved (never stored in clear). */
    generatedToken?: string;
  }
}

interface TokenRow {
  id: string;
  description: string;
  owner_id: string | null;
  owner_name: string | null;
  owner_email: string | null;
  organization_guid: string | null;
  super_user_token: boolean;
  created_at: Date;
}

const TOKEN_SELECT = `SELECT t.id, t.description, t.owner_id, o.name AS owner_name, o.email AS owner_email,
  t.organization_guid, t.super_user_token, t.created_at FROM api_tokens t LEFT JOIN users o ON o.id = t.owner_id`;

function toToken(row: TokenRow) {
  return {
    id: Number(row.id),
    description: row.description,
    owner:
      row.owner_id === null
        ? null
        : {
            id: Number(row.owner_id),
            name: row.owner_name ?? undefined,
            email: row.owner_email ?? undefined,
          },
    organizationGUID: row.organization_guid,
    superUserToken: row.super_user_token,
    createdAt: toEpochSeconds(row.created_at) as number,
  };
}

/** Spec §6: the tokens page is for everyone but guests (the shared rule mayOpenTokens). */
function tokenUser(user: User | null): User {
  const u = requireUser(user);
  if (!mayOpenTokens(u)) throw httpError(403, 'Guests have no API tokens');
  return u;
}

export default async function tokenRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/api/v1/tokens',
    { preHandler: app.authenticate, schema: { response: { 200: { type: 'array', items: tokenSchema } } } },
    async (request) => {
      const user = tokenUser(request.user);
      const { rows } = user.superUser
        ? await app.db.query<TokenRow>(`${TOKEN_SELECT} ORDER BY t.created_at DESC, t.id`)
        : await app.db.query<TokenRow>(
            `${TOKEN_SELECT} WHERE t.owner_id = $1 ORDER BY t.created_at DESC, t.id`,
            [user.id],
          );
      return rows.map(toToken);
    },
  );

  app.get(
    '/api/v1/tokens/generate-token',
    {
      preHandler: app.authenticate,
      schema: {
        response: { 200: { type: 'object', required: ['token'], properties: { token: { type: 'string' } } } },
      },
    },
    async (request) => {
      tokenUser(request.user);
      if (request.apiToken) throw httpError(403, 'API tokens cannot create API tokens');
      const token = randomBytes(32).toString('base64url');
      request.session.set('generatedToken', token);
      return { token };
    },
  );

  app.post<{ Body: { description: string } }>(
    '/api/v1/tokens',
    {
      preHandler: app.authenticate,
      schema: {
        body: {
          type: 'object',
          required: ['description'],
          properties: { description: { type: 'string', maxLength: 255 } },
        },
        response: { 201: tokenSchema },
      },
    },
    async (request, reply) => {
      const user = tokenUser(request.user);
      const description = request.body.description.trim();
      if (!description) throw httpError(400, 'The description is required for an API token');
      const secret = request.session.get('generatedToken');
      if (!secret) throw httpError(400, 'Generate a token first');
      const id = await app.db.tx(async (q) => {
        const { rows } = await q.query<{ id: string }>(
          `INSERT INTO api_tokens (hashed_value, description, owner_id, organization_guid, super_user_token)
           VALUES ($1, $2, $3, $4, $5) RETURNING id`,
          [hashTokenSecret(secret), description, user.id, user.organizationGUID ?? null, user.superUser],
        );
        const tokenId = Number(rows[0].id);
        await audit(q, request, {
          entityType: 'api_token',
          entityId: tokenId,
          action: 'create',
          after: {
            description,
            superUserToken: user.superUser,
            organizationGUID: user.organizationGUID ?? null,
          },
        });
        return tokenId;
      });
      request.session.set('generatedToken', undefined);
      const { rows } = await app.db.query<TokenRow>(`${TOKEN_SELECT} WHERE t.id = $1`, [id]);
      reply.status(201);
      return toToken(rows[0]);
    },
  );

  app.delete<{ Params: { id: number } }>(
    '/api/v1/tokens/:id',
    { preHandler: app.authenticate, schema: { params: idParams, response: { 204: noContent } } },
    async (request, reply) => {
      const user = tokenUser(request.user);
      const { rows } = await app.db.query<TokenRow>(`${TOKEN_SELECT} WHERE t.id = $1`, [request.params.id]);
      const token = rows[0];
      if (!token) throw httpError(404, `Token ${request.params.id} not found`);
      if (!mayDeleteToken(user, toToken(token))) throw httpError(403, 'missing roles');
      await app.db.tx(async (q) => {
        await q.query('DELETE FROM api_tokens WHERE id = $1', [token.id]);
        await audit(q, request, {
          entityType: 'api_token',
          entityId: Number(token.id),
          action: 'delete',
          before: {
            description: token.description,
            ownerId: token.owner_id === null ? null : Number(token.owner_id),
          },
        });
      });
      return reply.status(204).send();
    },
  );
}
