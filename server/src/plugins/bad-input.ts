/**
 * Input no route can use, refused before any handler runs: text holding a NUL character or a lone UTF-16
 * surrogate (PostgreSQL can store neither, in text or jsonb, so they used to surface as 500s), and the
 * empty JSON body that clients send with bodyless DELETE and PUT calls (read as no body at all).
 */
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { httpError } from '../errors.js';

const MAX_DEPTH = 64;

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** What makes a text unstorable, in the words of the refusal; null when it can be stored. */
export function badText(text: string): string | null {
  if (text.includes('\u0000')) return 'a NUL character';
  if (LONE_SURROGATE.test(text)) return 'a lone surrogate (not a character)';
  return null;
}

/** The dotted path of the first string (or key) that cannot be stored, and why; or null. */
export function findBadText(value: unknown, path = '', depth = 0): { where: string; what: string } | null {
  if (typeof value === 'string') {
    const what = badText(value);
    return what ? { where: path || 'value', what } : null;
  }
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  for (const [key, item] of Object.entries(value)) {
    const what = badText(key);
    if (what) return { where: path ? `${path}.${JSON.stringify(key).slice(1, -1)}` : 'key', what };
    const found = findBadText(item, path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return null;
}

/** The dotted path of the first number that is not finite (Infinity, -Infinity, NaN), or null. */
export function findNonFinite(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? null : path || 'value';
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  for (const [key, item] of Object.entries(value)) {
    const found = findNonFinite(item, path ? `${path}.${key}` : key, depth + 1);
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
    const bad = firstInParts(request, findBadText);
    if (bad)
      throw httpError(
        400,
        `The ${bad.part} field ${bad.found.where} holds ${bad.found.what}, which is not allowed`,
      );
  });

  // Ajv's coercion turns the text `Infinity`, `-Infinity` or `1e309` into a number that no minimum or
  // maximum is checked against (Ajv tests ranges on finite numbers only), so a page size of Infinity
  // reached the SQL. What validation passed is looked at once more: no number may be infinite.
  app.addHook('preHandler', async (request) => {
    const bad = firstInParts(request, findNonFinite);
    if (bad) throw httpError(400, `The ${bad.part} field ${bad.found} must be a finite number`);
  });
}

/** The first of the request's query, params and body in which `find` finds something, with what it found. */
function firstInParts<T>(
  request: FastifyRequest,
  find: (value: unknown) => T | null | undefined,
): { part: 'query' | 'params' | 'body'; found: T } | null {
  for (const part of ['query', 'params', 'body'] as const) {
    const found = find(request[part]);
    if (found) return { part, found };
  }
  return null;
}

export default fp(badInputPlugin, { name: 'bad-input' });
