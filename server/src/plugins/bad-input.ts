/**
 * Input no route can use, refused before any handler runs: text holding a NUL character (PostgreSQL
 * cannot store it, so it used to surface as a 500), and the empty JSON body that clients send with
 * bodyless DELETE and PUT calls (read as no body at all).
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { httpError } from '../errors.js';

const MAX_DEPTH = 64;

/** The dotted path of the first string holding a NUL character, or null. */
export function findNul(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'value' : null;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return path ? `${path}.${key.split('\u0000').join('\\0')}` : 'key';
    const found = findNul(item, path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return null;
}

async function badInputPlugin(app: FastifyInstance): Promise<void> {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, body as string, done);
  });

  // The router decodes percent-escapes, so `/%61pi/v1/csrf` is the route `/api/v1/csrf`; the plugins that
  // act on API calls only (session, CSRF, authentication with its token rule) recognise one by its text
  // `/api/`, and would let such a call reach an API route unseen. No client spells it so.
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.url?.startsWith('/api/') && !request.url.startsWith('/api/'))
      throw httpError(400, 'An API path is spelled /api/..., without percent-escapes in that part');
  });

  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [
      ['query', request.query],
      ['params', request.params],
      ['body', request.body],
    ] as const) {
      const where = findNul(value);
      if (where)
        throw httpError(400, `The ${part} field ${where} holds a NUL character, which is not allowed`);
    }
  });
}

export default fp(badInputPlugin, { name: 'bad-input' });
