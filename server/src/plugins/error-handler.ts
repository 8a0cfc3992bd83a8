/**
 * One error shape for the whole API: 4xx answers say why, 5xx answers carry only a reference number
 * (the details go to the log under that number). Installed by app.ts.
 */
import { randomInt } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DatabaseOutage, RETRY_AFTER_SECONDS } from '../db/outage.js';
import { describeUnavailable, isDatabaseUnavailable } from '../db/unavailable.js';
import { HttpError, httpError, statusText } from '../errors.js';
import { Session } from './session.js';
import { EXTERNAL_API_PREFIX } from './external-token.js';

/** PostgreSQL's codes for text it cannot take: character not in repertoire, untranslatable character. */
const BAD_TEXT_CODES = new Set(['22021', '22P05']);

/** A reference a user can read out to support; unique enough to find the log line. */
function newReference(): number {
  return randomInt(100_000, 1_000_000_000);
}

/**
 * A call that failed because the database cannot be reached: 503 with Retry-After, the normal 5xx body.
 * Nothing of the request is saved afterwards: the session plugin's onSend would write to the same absent
 * database, and a second error while answering the first is answered by Fastify's own handler, a 500.
 * A write that failed this way was not committed (or, when the connection broke during its COMMIT, the
 * caller cannot know): either way it is never reported as done.
 */
function refuseWhileDatabaseDown(
  outage: DatabaseOutage,
  error: unknown,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  outage.refused(error);
  if (request.session) request.session = new Session(null, {}, 0);
  const reference = newReference();
  // The outage has its one line (db/outage.ts); each refused call only at debug level.
  request.log.debug({ reference, reason: describeUnavailable(error) }, 'refused: database unavailable');
  return reply
    .status(503)
    .header('retry-after', String(RETRY_AFTER_SECONDS))
    .send({
      status: 503,
      error: statusText(503),
      message: `The database cannot be reached; try again in a few seconds; reference ${reference}`,
      reference,
    });
}

/**
 * Answers an error: under the external API's prefix as RFC 9457 problem details
 * (`application/problem+json`), for its callers are programs reading a documented format (whichever way a
 * route there authenticates, and also for a URL refused before routing); elsewhere `{ status, error,
 * message }`. The prefix decides the format only, never a right.
 */
export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  message: string,
  extra: Record<string, unknown>,
): FastifyReply {
  if (request.url.startsWith(`${EXTERNAL_API_PREFIX}/`)) {
    return reply
      .status(status)
      .type('application/problem+json')
      .send({
        ...extra,
        type: 'about:blank',
        title: statusText(status),
        status,
        detail: message,
        instance: request.url.split('?')[0],
      });
  }
  return reply.status(status).send({ ...extra, status, error: statusText(status), message });
}

/** Installs the one error handler (the 404 handler lives with the SPA fallback in routes/static.ts). */
export function installErrorHandlers(app: FastifyInstance): void {
  const outage = new DatabaseOutage(() => app.db.query('SELECT 1'), app.log);
  app.addHook('onClose', async () => outage.close());
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    let status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    // Hooks (session, authentication) and handlers alike: an unreachable database is not a defect.
    if (status === 500 && isDatabaseUnavailable(error)) {
      return refuseWhileDatabaseDown(outage, error, request, reply);
    }
    // Text the database cannot hold (a NUL or an invalid byte) is bad input wherever it slipped through.
    if (status === 500 && BAD_TEXT_CODES.has((error as { code?: unknown }).code as string)) {
      status = 400;
      error = httpError(400, 'The request holds characters that cannot be stored');
    }
    if (status < 400 || status > 599) status = 500;

    if (status < 500) {
      const validation = (error as FastifyError).validation;
      let message = error.message;
      if (validation && validation.length > 0) {
        const context = (error as FastifyError).validationContext ?? 'request';
        message = validation
          .map(
            (v) =>
              `${context}${v.instancePath ? v.instancePath.replace(/\//g, '.') : ''} ${v.message ?? 'is invalid'}`,
          )
          .join('; ');
      }
      // A refused access (401, 403) is a warning an operator may act on: what was asked, by whom, from where.
      const refusal = {
        status,
        reason: message,
        method: request.method,
        route: request.routeOptions.url ?? request.url,
        userId: request.realUser?.id ?? null,
        ...(request.impersonatorId ? { impersonatedUserId: request.user?.id ?? null } : {}),
        ...(request.apiToken ? { apiTokenId: request.apiToken.id } : {}),
        address: request.ip,
      };
      if (status === 401 || status === 403) request.log.warn(refusal, 'request refused');
      else request.log.info(refusal, 'request refused');
      const extra = error instanceof HttpError ? error.extra : {};
      return sendError(request, reply, status, message, extra);
    }

    const reference = newReference();
    request.log.error({ err: error, reference }, 'request failed');
    // A 5xx raised on purpose (e.g. the identity provider is down) says why; anything else says nothing.
    const reason = error instanceof HttpError ? `${error.message}; reference ${reference}` : null;
    return sendError(
      request,
      reply,
      status,
      reason ?? `An unexpected error occurred; reference ${reference}`,
      {
        reference,
      },
    );
  });
}
