/**
 * Server-side sessions in the `sessions` table (so any instance serves any request), behind a signed,
 * HttpOnly, SameSite=Lax cookie. Sessions expire after 8 hours without a request.
 */
import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { deleteSession, extendSession, purgeExpired, writeSession } from '../stores/sessions.store.js';
import { readSessionWithUser, type LoadedUserRow } from '../stores/users.store.js';
import { authenticatesItself } from './external-token.js';

export const SESSION_COOKIE = 'portal_session';
export const SESSION_IDLE_MS = 8 * 60 * 60 * 1000;
/** Extending the expiry is a write; doing it at most once a minute per session is plenty. */
const TOUCH_AFTER_MS = 60 * 1000;

/** What a session can hold. */
export interface SessionData {
  /** The logged-in user (only users with every required attribute). */
  userId?: number;
  /** A login whose claims lacked required attributes: shown by the config, never logged in. */
  incomplete?: { name?: string; missingAttributes: string[] };
  csrfToken?: string;
  /** The OIDC code flow in progress. */
  login?: {
    state: string;
    nonce: string;
    codeVerifier: string;
    returnTo: string;
    /** The origin of a `returnTo` the server does not trust: the callback says so instead of going home. */
    untrustedOrigin?: string;
  };
  /** The ID token's acr of this session's login: what acceptance checks an invitation's ACR against. */
  acr?: string;
  /** Users this session already impersonated (each is audited once). */
  impersonated?: number[];
}

export class Session {
  id: string | null;
  data: SessionData;
  /** True when the data changed and must be written. */
  dirty = false;
  /** True when a cookie must be sent (new or regenerated id). */
  issueCookie = false;
  destroyed = false;
  /** The id to delete on save (after regenerate or destroy). */
  previousId: string | null = null;
  expiresAt: number;
  /**
   * The row of the session's user, read with the session in one round trip (the auth plugin shapes it);
   * null when the stored session names no user or a deleted one, undefined when nothing was read.
   */
  userRow?: LoadedUserRow | null;

  constructor(id: string | null, data: SessionData, expiresAt: number) {
    this.id = id;
    this.data = data;
    this.expiresAt = expiresAt;
  }

  get<K extends keyof SessionData>(key: K): SessionData[K] {
    return this.data[key];
  }

  set<K extends keyof SessionData>(key: K, value: SessionData[K]): void {
    if (value === undefined) delete this.data[key];
    else this.data[key] = value;
    this.dirty = true;
    this.destroyed = false;
    if (!this.id) {
      this.id = newSessionId();
      this.issueCookie = true;
    }
  }

  /** A new id for the same data: done at login so a session id known before login is worthless after. */
  regenerate(): void {
    if (this.id && !this.previousId) this.previousId = this.id;
    this.id = newSessionId();
    this.issueCookie = true;
    this.dirty = true;
  }

  /** Forgets everything (logout). */
  destroy(): void {
    if (this.id && !this.previousId) this.previousId = this.id;
    this.id = null;
    this.data = {};
    this.dirty = false;
    this.destroyed = true;
  }
}

function newSessionId(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Reads the request's session and its user, with the user's roles, afresh: one statement on every API call
 * (readSessionWithUser). Nothing of it is kept between requests, so a change made through any instance
 * (a logout, a deleted user, a membership removed) holds from the next request on, on every instance.
 */
async function loadSession(app: FastifyInstance, request: FastifyRequest): Promise<void> {
  const raw = request.cookies[SESSION_COOKIE];
  request.session = new Session(null, {}, 0);
  // Only the API uses sessions; bundles and the dev IdP's pages are served without a database read.
  if (!raw || !request.url.startsWith('/api/') || authenticatesItself(request)) return;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return;
  const stored = await readSessionWithUser<SessionData>(app.db, unsigned.value);
  if (stored) {
    request.session = new Session(unsigned.value, stored.data ?? {}, stored.expiresAt.getTime());
    request.session.userRow = stored.userRow;
  }
}

async function saveSession(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const session = request.session;
  if (!session) return;
  const cookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: app.config.secure,
    signed: true,
  };
  if (session.previousId) {
    await deleteSession(app.db, session.previousId);
  }
  if (session.destroyed) {
    // At the cookie plugin's default path, /, where the cookie was set.
    reply.clearCookie(SESSION_COOKIE);
    return;
  }
  if (!session.id) return;
  const expiresAt = new Date(Date.now() + SESSION_IDLE_MS);
  if (session.dirty) {
    await writeSession(app.db, session.id, session.data, expiresAt);
  } else if (expiresAt.getTime() - session.expiresAt > TOUCH_AFTER_MS) {
    // Conditional in the database too: of the requests that find it due at once, the first one writes.
    await extendSession(app.db, session.id, expiresAt);
  }
  if (session.issueCookie) reply.setCookie(SESSION_COOKIE, session.id, cookieOptions);
}

/** Deletes expired sessions and expired dev IdP records; returns how many rows went. */
export async function purgeExpiredSessions(app: FastifyInstance): Promise<number> {
  return purgeExpired(app.db);
}

/** Housekeeping at the cleanup job's pace (CRON_CLEANUP); idempotent, so instances need no lock. */
function schedulePurge(app: FastifyInstance): void {
  const interval = app.config.cronCleanupMs;
  if (!interval) return;
  let timer: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      purgeExpiredSessions(app).catch((error: unknown) =>
        app.log.warn({ err: error }, 'session purge failed'),
      );
    }, interval);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
}

async function sessionPlugin(app: FastifyInstance): Promise<void> {
  schedulePurge(app);
  app.decorateRequest('session', null as unknown as Session);
  app.addHook('onRequest', async (request) => {
    await loadSession(app, request);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    await saveSession(app, request, reply);
    // Marks every answer that comes from the application itself, anonymous ones included: a console
    // reloads when an OK answer lacks it, for it then came from something in between (a login gateway,
    // a proxy's error page). A session that ended shows as a 401 instead (spec §4).
    if (request.url.startsWith('/api/')) reply.header('x-session-alive', 'true');
    return payload;
  });
}

export default fp(sessionPlugin, { name: 'session', dependencies: ['@fastify/cookie'] });
