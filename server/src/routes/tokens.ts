/** /api/v1/tokens: API tokens (spec §3 API token, §4 token creation, §6). */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { mayDeleteToken, mayOpenTokens } from 'shared-auth/rules';
import { requireUser } from '../plugins/auth.js';
import { entity, permit } from '../plugins/permissions.js';
import { idParams, tokenSchema, noContent } from '../domain/schemas.js';
import { httpError } from '../errors.js';
import { deleteToken, findToken, insertToken, listTokens } from '../stores/tokens.store.js';

declare module '../plugins/session.js' {
  interface SessionData {
    /** The secret shown by generate-token, kept until the token is saved (never stored in clear). */
    generatedToken?: string;
  }
}

/** Spec §6: the tokens page is for everyone but guests (the shared rule mayOpenTokens). */
const tokenUser = permit(mayOpenTokens, 'Guests have no API tokens');

/** The token the path names (`tokens/{id}`). */
const tokenInPath = entity({
  load: (request) => findToken(request.server.db, (request.params as { id: number }).id),
  notFound: (request) => `Token ${(request.params as { id: number }).id} not found`,
});

export default async function tokenRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/api/v1/tokens',
    { preHandler: tokenUser, schema: { response: { 200: { type: 'array', items: tokenSchema } } } },
    async (request) => {
      const user = requireUser(request.user);
      return listTokens(app.db, user.superUser ? null : user.id);
    },
  );

  app.get(
    '/api/v1/tokens/generate-token',
    {
      preHandler: tokenUser,
      schema: {
        response: {
          200: {
            type: 'object',
            required: ['token'],
            properties: {
              token: {
                type: 'string',
                description:
                  'The secret: shown once; saved with the next POST /api/v1/tokens of this session',
                examples: ['fEV0SfO7pbLem8X4w5hpppotE4ThIhcv-ZslURX1LfM'],
              },
            },
          },
        },
      },
    },
    async (request) => {
      const token = randomBytes(32).toString('base64url');
      request.session.set('generatedToken', token);
      return { token };
    },
  );

  app.post<{ Body: { description: string } }>(
    '/api/v1/tokens',
    {
      preHandler: tokenUser,
      config: {
        errors: { 400: ['The description is required for an API token', 'Generate a token first'] },
      },
      schema: {
        body: {
          type: 'object',
          required: ['description'],
          properties: { description: { type: 'string', maxLength: 255, examples: ['HR system'] } },
        },
        response: { 201: tokenSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request.user);
      const description = request.body.description.trim();
      if (!description) throw httpError(400, 'The description is required for an API token');
      const secret = request.session.get('generatedToken');
      if (!secret) throw httpError(400, 'Generate a token first');
      const id = await app.db.tx((q) =>
        insertToken(q, request, {
          secret,
          description,
          ownerId: user.id,
          organizationGUID: user.organizationGUID ?? null,
          superUserToken: user.superUser,
        }),
      );
      request.session.set('generatedToken', undefined);
      reply.status(201);
      return findToken(app.db, id);
    },
  );

  app.delete<{ Params: { id: number } }>(
    '/api/v1/tokens/:id',
    {
      preHandler: [tokenUser, tokenInPath.permit(mayDeleteToken)],
      schema: { params: idParams, response: { 204: noContent } },
    },
    async (request, reply) => {
      const token = tokenInPath.of(request);
      await app.db.tx((q) => deleteToken(q, request, token));
      return reply.status(204).send();
    },
  );
}
