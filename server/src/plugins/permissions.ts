/**
 * Who may call a route, declared one way: as the route's `preHandler`, where the route is registered.
 *
 *   preHandler: anyone                                    open to everyone, logged in or not
 *   preHandler: loggedIn                                  any logged-in user (401 otherwise)
 *   preHandler: permit(mayOpenSystem, 'Only a super …')   a shared rule about the effective user alone
 *   preHandler: [roleInPath.permit(allowedToEditRole)]    a shared rule about the entity the request names
 *
 * An entity permission loads the entity (404 when it does not exist), asks the rule (403 with the refusal
 * when it says no) and keeps the entity for the handler, which reads it with `roleInPath.of(request)`
 * instead of loading it again. Several permissions in an array run in order, the first refusal wins.
 * Handlers never refuse with a 403 themselves (a test scans the routes for it), and the permissions
 * plugin stops the server at start when an `/api/` route declares none of these.
 */
import fp from 'fastify-plugin';
import type {
  FastifyInstance,
  FastifyRequest,
  preHandlerAsyncHookHandler,
  RouteGenericInterface,
} from 'fastify';
import type { Role, User } from 'shared-auth/rules';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { AppConfig, RemoteUser, RemoteUserScope } from '../config.js';
import { httpError } from '../errors.js';
import { loadRole } from '../stores/roles.store.js';
import { authenticateExternalToken } from './external-token.js';
import { LOCKED_OUT, limitBasicLogin } from './credential-limiter.js';

/** The refusal the shared rules about one entity have always answered with (the console shows its own text). */
export const MISSING_ROLES = 'missing roles';

/** An answer a permission may refuse with: its status and (an example of) its reason. */
export interface Refusal {
  status: 401 | 403 | 404 | 429;
  reason: string;
}

/**
 * Every preHandler made here, with the refusals it may answer: what the plugin looks for on each API route,
 * and what the console's API document lists as the route's errors (plugins/openapi-errors.ts).
 */
const declared = new WeakMap<object, readonly Refusal[]>();

function declare<H extends object>(hook: H, ...refusals: Refusal[]): H {
  declared.set(hook, refusals);
  return hook;
}

/**
 * A preHandler of routes whose request parts are (at least) those of `R`: an entity permission reads the
 * entity's id from them, without a cast. A route whose parts are typed otherwise (by its schemas,
 * plugins/schema-types.ts) does not take it: a type error, not a wrong id at run time. Generic in the
 * request, so that TypeScript checks the route's request against `R` rather than inferring the route's
 * types from `R`; and given in an array (`preHandler: [roleInPath.permit(rule)]`): given alone, checking
 * it against Fastify's `hook | hook[]` ran past TypeScript's instantiation limit (TS2589).
 */
export type PreHandlerOf<R extends RouteGenericInterface> = <Q extends RequestOf<R>>(
  request: Q,
) => Promise<void>;

/** Which request part each part of a route generic types. */
interface PartNames {
  Params: 'params';
  Querystring: 'query';
  Body: 'body';
  Headers: 'headers';
}

/**
 * The request of a route whose parts are (at least) those of `R`. Not a `FastifyRequest<R>`: TypeScript
 * would infer the route's generic from the preHandler instead of checking the route's against it.
 */
export type RequestOf<R extends RouteGenericInterface> = EntityRequest & {
  [K in keyof R & keyof PartNames as PartNames[K]]: R[K];
};

/** What an entity permission reads of any request: the user and the app's stores. */
interface EntityRequest {
  user: User | null;
  server: Pick<FastifyInstance, 'db' | 'registry' | 'config'>;
}

/** The refusals the declared permissions among `hooks` (a route's preHandler) may answer, in order. */
export function refusalsOf(hooks: unknown): Refusal[] {
  return [hooks ?? []].flat().flatMap((hook) => declared.get(hook as object) ?? []);
}

const NOT_LOGGED_IN = 'Not logged in';
const needsLogin: Refusal = { status: 401, reason: NOT_LOGGED_IN };

/** The effective user, or a 401. */
function userOf(request: Pick<FastifyRequest, 'user'>): User {
  if (!request.user) throw httpError(401, NOT_LOGGED_IN);
  return request.user;
}

/** Open to everyone, logged in or not. Only a declaration: the plugin drops it from the route's hooks. */
export const anyone: preHandlerAsyncHookHandler = declare(async () => {});

/**
 * The external API (`/api/external/v1`): an X-API-TOKEN and nothing else (plugins/external-token.ts). Its
 * token's principal becomes the request's user, so entity permissions after it judge the token's reach.
 */
export const apiTokenOnly: preHandlerAsyncHookHandler = declare(async (request, reply) => {
  await authenticateExternalToken(request, reply);
});

/** Any logged-in user; 401 otherwise. */
export const loggedIn: preHandlerAsyncHookHandler = declare(async (request) => {
  userOf(request);
}, needsLogin);

/** A shared rule about the effective user alone: 401 without a user, 403 with `refusal` when it says no. */
export function permit(rule: (user: User) => boolean, refusal: string): preHandlerAsyncHookHandler {
  return declare(
    async (request) => {
      if (!rule(userOf(request))) throw httpError(403, refusal);
    },
    needsLogin,
    { status: 403, reason: refusal },
  );
}

/**
 * A route this installation switched off in its configuration: 403 with `refusal` unless `isOn` says
 * otherwise. Goes with a user permission, after it, so that only those who may call it learn why not.
 */
export function enabledBy(isOn: (config: AppConfig) => boolean, refusal: string): preHandlerAsyncHookHandler {
  return declare(
    async (request) => {
      if (!isOn(request.server.config)) throw httpError(403, refusal);
    },
    { status: 403, reason: refusal },
  );
}

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/** The name and password an HTTP Basic header carries; null when it carries none. */
export function basicCredentials(header: string | undefined): { username: string; password: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** The REMOTE_USERS account whose name and password an HTTP Basic header carries; null otherwise. */
export function basicAccount(header: string | undefined, accounts: readonly RemoteUser[]): RemoteUser | null {
  const credentials = basicCredentials(header);
  if (!credentials) return null;
  const password = sha256(credentials.password);
  // Every account compared, in constant time, so the answer's timing tells nothing about which matched.
  let found: RemoteUser | null = null;
  for (const account of accounts) {
    const same = timingSafeEqual(sha256(account.password), password);
    if (same && account.username === credentials.username) found = account;
  }
  return found;
}

const remoteUsers = new WeakMap<object, RemoteUser>();

/** The service account `remoteUserWith` let in (a 500 when the route declares no such permission). */
export function remoteUserOf(request: object): RemoteUser {
  const account = remoteUsers.get(request);
  if (!account) throw new Error('The route declares no service-account permission');
  return account;
}

/**
 * A service account of REMOTE_USERS with one of these scopes (voot, attribute_aggregation, sp_dashboard,
 * access, profile, lifecycle), by HTTP Basic: 401 with a challenge without credentials or with wrong ones,
 * 403 when the account lacks the scope, 429 with Retry-After past the failed logins a minute of its account
 * or address (plugins/credential-limiter.ts). No session, no token; the handler reads the account with
 * `remoteUserOf(request)`.
 */
export function remoteUserWith(
  ...scopes: [RemoteUserScope, ...RemoteUserScope[]]
): preHandlerAsyncHookHandler {
  const named = scopes.join(' or ');
  const refusal = `HTTP Basic credentials of a service account with the scope ${named} are required`;
  const lacksScope = `This service account lacks the scope ${named}`;
  return declare(
    async (request, reply) => {
      const header = request.headers.authorization;
      const account = basicAccount(header, request.server.config.remoteUsers);
      // Only a call that tried credentials counts as a failed login; a bare call is just refused.
      if (account || (typeof header === 'string' && header.length > 0)) {
        const username = account?.username ?? basicCredentials(header)?.username ?? null;
        await limitBasicLogin(request, reply, username, account !== null);
      }
      if (!account) {
        void reply.header('www-authenticate', 'Basic realm="access portal", charset="UTF-8"');
        throw httpError(401, refusal);
      }
      if (!scopes.some((scope) => account.scopes.includes(scope))) throw httpError(403, lacksScope);
      remoteUsers.set(request, account);
    },
    { status: 401, reason: refusal },
    { status: 403, reason: lacksScope },
    { status: 429, reason: `${LOCKED_OUT}; try again in 42 seconds` },
  );
}

/** What a service account's request names (a role, a body), judged by the account's reach. */
export interface AccountEntity<E, R extends RouteGenericInterface = RouteGenericInterface> {
  /**
   * preHandler after `remoteUserWith`: 404 when `load` finds nothing, 403 with `refusal` when `rule` says
   * the account does not reach it; otherwise the entity is kept for `of`.
   */
  permit(rule: (account: RemoteUser, found: E) => boolean, refusal: string): PreHandlerOf<R>;
  of(request: object): E;
}

export function accountEntity<E, R extends RouteGenericInterface = RouteGenericInterface>(
  spec: Pick<EntitySpec<E, E, R>, 'load' | 'notFound'>,
): AccountEntity<E, R> {
  const loaded = new WeakMap<object, E>();
  return {
    permit(rule, refusal) {
      const notFound: Refusal[] = spec.notFound ? [{ status: 404, reason: exampleOf(spec.notFound) }] : [];
      return declare<PreHandlerOf<R>>(
        async (request) => {
          const account = remoteUserOf(request);
          const found = await spec.load(request);
          if (found === null) throw httpError(404, spec.notFound?.(request) ?? 'Not found');
          if (!rule(account, found)) throw httpError(403, refusal);
          loaded.set(request, found);
        },
        ...notFound,
        { status: 403, reason: refusal },
      );
    },
    of(request) {
      if (!loaded.has(request)) throw new Error('The route declares no permission on this entity');
      return loaded.get(request) as E;
    },
  };
}

/** How to find the entity a request names. */
export interface EntitySpec<E, J, R extends RouteGenericInterface = RouteGenericInterface> {
  /** The entity the request names (params, body or query), or null when it does not exist. */
  load(request: RequestOf<R>): Promise<E | null>;
  /** The 404's message when `load` found nothing (leave it out when `load` always finds something). */
  notFound?: (request: RequestOf<R>) => string;
  /** What the shared rules judge, when that is not the entity itself (e.g. a row's API shape). */
  judged?: (entity: E) => J;
}

/** An entity a route's permission is about: its preHandlers and the handler's way to read it. */
export interface Entity<E, J = E, R extends RouteGenericInterface = RouteGenericInterface> {
  /**
   * preHandler: 401 without a user, 404 when the entity does not exist, 403 with `refusal` when `rule`
   * says no; otherwise the entity is kept for `of`.
   */
  permit(rule: (user: User, judged: J) => boolean, refusal?: string): PreHandlerOf<R>;
  /** The entity this request's permission loaded (a 500 when the route declared no permission on it). */
  of(request: object): E;
}

export function entity<E, J = E, R extends RouteGenericInterface = RouteGenericInterface>(
  spec: EntitySpec<E, J, R>,
): Entity<E, J, R> {
  const loaded = new WeakMap<object, E>();
  const judged = spec.judged ?? ((e: E) => e as unknown as J);
  return {
    permit(rule, refusal = MISSING_ROLES) {
      const notFound: Refusal[] = spec.notFound ? [{ status: 404, reason: exampleOf(spec.notFound) }] : [];
      return declare<PreHandlerOf<R>>(
        async (request) => {
          const user = userOf(request);
          const found = await spec.load(request);
          if (found === null) throw httpError(404, spec.notFound?.(request) ?? 'Not found');
          if (!rule(user, judged(found))) throw httpError(403, refusal);
          loaded.set(request, found);
        },
        needsLogin,
        ...notFound,
        { status: 403, reason: refusal },
      );
    },
    of(request) {
      if (!loaded.has(request)) throw new Error('The route declares no permission on this entity');
      return loaded.get(request) as E;
    },
  };
}

/**
 * A not-found reason as a request naming entity 12 gets it (for the API document): every field of the
 * params, query and body reads 12.
 */
function exampleOf<R extends RouteGenericInterface>(notFound: (request: RequestOf<R>) => string): string {
  const twelve = new Proxy({}, { get: () => 12 });
  try {
    return notFound({ params: twelve, query: twelve, body: twelve } as unknown as RequestOf<R>);
  } catch {
    return 'Not found';
  }
}

/** A role named by the request (`pick` reads its id), as the shared role rules read it. */
export function roleNamedBy<R extends RouteGenericInterface>(
  pick: (request: RequestOf<R>) => number,
): Entity<Role, Role, R> {
  return entity<Role, Role, R>({
    load: (request) => loadRole(request.server.db, request.server.registry, pick(request)),
    notFound: (request) => `Role ${pick(request)} not found`,
  });
}

/**
 * Holds every API route to a declared permission, at registration: a route that declares none (or only
 * refuses inline) stops the server from starting. `anyone` is dropped from the hooks it runs.
 */
async function permissionsPlugin(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const hooks = [route.preHandler ?? []].flat();
    if (!hooks.some((hook) => declared.has(hook))) {
      throw new Error(
        `${route.method} ${route.url} declares no permission: give it a preHandler from plugins/permissions.ts`,
      );
    }
    const running = hooks.filter((hook) => hook !== anyone);
    route.preHandler = running.length > 0 ? running : undefined;
  });
}

export default fp(permissionsPlugin, { name: 'permissions' });
