/**
 * Refusals in the audit trail: every 401, 403 and (first) 429 answered on `/api/` to a call that carried a
 * credential — a session with a user, HTTP Basic, or an X-API-TOKEN — writes one row `user.denied` with the
 * route (its registered pattern), method, status, reason and client address; its subject is the user when
 * known. It sees them all in one place, the `onError` hook, which Fastify runs before the error handler for
 * every error, thrown by a permission, the CSRF check, the token checks or the limiter alike.
 *
 * Not audited, so that nobody fills the trail for free:
 * - calls without any credential (the console's own probe before login, a bare call to a service route);
 * - a 429 after the first of its window (plugins/credential-limiter.ts): a lockout is one row, not one a call;
 * - more than DENIED_AUDIT_PER_WINDOW refusals a minute from one address (counted like the limiter's
 *   counts, in the database): past it the refusals are only logged, as every refusal is (errors.ts).
 *
 * An audit that fails is logged and the refusal answered as it was: never a 500 for a refused call.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { audit, type AuditActor } from '../stores/audit.store.js';
import { hitAndRead } from '../stores/credential-limits.store.js';
import { isFirstOfWindow, printable, WINDOW_SECONDS } from './credential-limiter.js';
import { basicCredentials } from './permissions.js';

/** Refusal rows a minute from one address; past it a refusal is only logged. */
export const DENIED_AUDIT_PER_WINDOW = 20;

const AUDITED_STATUSES = new Set([401, 403, 429]);

/** The credential a call carried, as the trail names it; null for a call that carried none. */
function credentialOf(
  request: FastifyRequest,
): { kind: string; actor: AuditActor; userId: number | null } | null {
  const user = request.user ?? null;
  const real = request.realUser ?? null;
  const base = { user, impersonatorId: request.impersonatorId ?? null, apiToken: request.apiToken ?? null };
  if (request.apiToken) return { kind: 'api-token', actor: base, userId: real?.id ?? null };
  if (real) return { kind: 'session', actor: base, userId: real.id };
  const authorization = request.headers.authorization;
  if (typeof authorization === 'string' && authorization.length > 0) {
    const username = basicCredentials(authorization)?.username;
    const name =
      username === undefined ? 'HTTP Basic (unreadable)' : `service account ${printable(username)}`;
    return { kind: 'basic', actor: { ...base, name }, userId: null };
  }
  const token = request.headers['x-api-token'];
  if (typeof token === 'string' && token.length > 0) {
    return { kind: 'api-token', actor: { ...base, name: 'unknown API token' }, userId: null };
  }
  // A session with a user, refused before the user was read (the CSRF check runs first).
  const sessionUserId = request.session?.get('userId');
  if (typeof sessionUserId === 'number') {
    const known = { id: sessionUserId } as NonNullable<FastifyRequest['user']>;
    return { kind: 'session', actor: { ...base, user: known }, userId: sessionUserId };
  }
  return null;
}

/** The route as registered (`/api/v1/roles/:id`); for a call that matched none, its path (shortened). */
function routeOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? printable(request.url.split('?')[0]!.replace(/[^\x20-\x7e]/g, '?'), 200);
}

async function writeRefusal(request: FastifyRequest, status: number, reason: string): Promise<void> {
  const credential = credentialOf(request);
  if (!credential) return;
  const { db } = request.server;
  const key = `audited-refusals:address:${printable(request.ip)}`;
  const { counts } = await hitAndRead(db, [key], [], WINDOW_SECONDS);
  if ((counts.get(key) ?? 0) > DENIED_AUDIT_PER_WINDOW) return;
  await audit(db, credential.actor, {
    entityType: 'user',
    entityId: credential.userId,
    action: 'denied',
    after: {
      method: request.method,
      route: routeOf(request),
      status,
      reason: printable(reason, 500),
      credential: credential.kind,
      address: request.ip,
    },
  });
}

async function refusalAuditPlugin(app: FastifyInstance): Promise<void> {
  app.addHook('onError', async (request, _reply, error) => {
    const status = (error as { statusCode?: unknown }).statusCode;
    if (typeof status !== 'number' || !AUDITED_STATUSES.has(status)) return;
    if (!request.url.startsWith('/api/')) return;
    if (status === 429 && !isFirstOfWindow(error)) return;
    try {
      await writeRefusal(request, status, error.message);
    } catch (failure) {
      request.log.warn({ err: failure, status, reason: error.message }, 'refusal not audited');
    }
  });
}

export default fp(refusalAuditPlugin, { name: 'refusal-audit', dependencies: ['session'] });
