/** Fixtures of the external API tests: tokens made as the console makes them, and calls with them. */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { call, type Sessions } from '../../test/api-kit.js';

export const EXT = '/api/external/v1';

/** A token made on the tokens page by `session`'s user: its secret and id. */
export async function makeToken(
  app: FastifyInstance,
  session: Sessions[keyof Sessions],
  description: string,
): Promise<{ secret: string; id: number }> {
  const { token } = (await call(app, session, 'GET', '/api/v1/tokens/generate-token')).json();
  const saved = await call(app, session, 'POST', '/api/v1/tokens', { description });
  if (saved.statusCode !== 201) throw new Error(`token not saved: ${saved.body}`);
  return { secret: token, id: saved.json().id };
}

/** A call of the external API with `secret` as X-API-TOKEN (none when null). */
export function ext(
  app: FastifyInstance,
  secret: string | null,
  method: InjectOptions['method'],
  path: string,
  payload?: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url: `${EXT}${path}`,
    headers: { ...(secret ? { 'x-api-token': secret } : {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
  });
}
