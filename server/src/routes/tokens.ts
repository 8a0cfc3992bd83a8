/** /api/v1/tokens: API tokens (spec §3 API token, §4 token creation, §6). */
import { randomBytes } from 'node:crypto';
import { mayDeleteToken, mayOpenTokens } from 'shared-auth/rules';
import { requireUser } from '../plugins/auth.js';
import { entity, permit } from '../plugins/permissions.js';
import { idParams, tokenSchema, noContent } from '../domain/schemas.js';
import { findToken, listTokens, type StoredToken } from '../stores/tokens.store.js';
import { CREATE_TOKEN_ERRORS, createToken, removeToken } from '../use-cases/token-write.js';
import type { SchemaTypedApp } from '../plugins/schema-types.js';

declare module '../plugins/session.js' {
  interface SessionData {
    /** The secret shown by generate-token, kept until the token is saved (never stored in clear). */
    generatedToken?: string;
  }
}

/** Spec §6: the tokens page is for everyone but guests (the shared rule mayOpenTokens). */
const tokenUser = permit(mayOpenTokens, 'Guests have no API tokens');

/** The token the path names (`tokens/{id}`). */
const tokenInPath = entity<StoredToken, StoredToken, { Params: { id: number } }>({
  load: (request) => findToken(request.server.db, request.params.id),
  notFound: (request) => `Token ${request.params.id} not found`,
});

export default async function tokenRoutes(app: SchemaTypedApp): Promise<void> {
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

  app.post(
    '/api/v1/tokens',
    {
      preHandler: tokenUser,
      config: {
        errors: { 400: [CREATE_TOKEN_ERRORS.noDescription, CREATE_TOKEN_ERRORS.notGenerated] },
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
      const secret = request.session.get('generatedToken');
      const id = await createToken(app, request, user, request.body.description, secret);
      request.session.set('generatedToken', undefined);
      reply.status(201);
      return findToken(app.db, id);
    },
  );

  app.delete(
    '/api/v1/tokens/:id',
    {
      preHandler: [tokenUser, tokenInPath.permit(mayDeleteToken)],
      schema: { params: idParams, response: { 204: noContent } },
    },
    async (request, reply) => {
      await removeToken(app, request, tokenInPath.of(request));
      return reply.status(204).send();
    },
  );
}
