/**
 * A development SCIM 2.0 service provider (RFC 7643, 7644): in memory, with several tenants, each its own
 * users and groups, at `<mount>/<tenant>/v2/...` (Users, Groups, ServiceProviderConfig, Schemas,
 * ResourceTypes). Built on `scimmy` (schemas, validation, filters, PATCH) and `scimmy-routers` (the Express
 * router); this module keeps the data and the rules a real provider adds: credentials per tenant, a unique
 * `userName` and group `displayName` (409 `uniqueness`), members that must be users of the tenant (400
 * `invalidValue`), a deleted user leaving every group.
 *
 * For the console's SCIM client to be tested against, and shown by `npm start` (the page in
 * dev-scim.pages.ts). Never for production: anything sent here is kept in memory only.
 *
 * ONE PER PROCESS. scimmy is a process-wide singleton: `SCIMMY.Resources.declare` and `SCIMMY.Config` hold
 * one User and one Group resource with one set of handlers for the whole process. The handlers here are
 * declared once and find their data through the per-request context (the tenant resolved from the path), so
 * the tenants never see each other's data; but the resources' base path (used for `meta.location`) is a
 * global that scimmy-routers sets on each request, and the service provider configuration is shared. Run
 * one development SCIM server per process (several tenants in it are fine); a second one in the same
 * process would share that configuration and must not be relied on.
 */
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { IncomingMessage, ServerResponse } from 'node:http';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import SCIMMY from 'scimmy';
import SCIMMYRouters from 'scimmy-routers';

/** How a tenant's caller proves itself: HTTP Basic, a Bearer token, or either when both are given. */
export interface DevScimTenantOptions {
  basic?: { username: string; password: string };
  bearer?: string;
}

export interface DevScimOptions {
  /** Tenant name (a path segment) → its credentials. A tenant with neither `basic` nor `bearer` is open. */
  tenants: Record<string, DevScimTenantOptions>;
  /** Path the tenants sit under, `/dev-scim` unless given (`''` for the root). */
  mount?: string;
  /**
   * What one bulk request (`POST …/Bulk`, RFC 7644 §3.7) may hold, as the ServiceProviderConfig says:
   * BULK_LIMITS unless given; `false` takes none (501, and the configuration says unsupported). For the
   * whole process, as the rest of the configuration (below).
   */
  bulk?: { maxOperations: number; maxPayloadSize: number } | false;
}

/** A bulk request's limits unless the options give others: a batch of the console's users fits in one. */
export const BULK_LIMITS = { maxOperations: 100, maxPayloadSize: 1_048_576 };

/** A user as kept: every attribute the caller sent (validated by scimmy), without `password`. */
export interface DevScimUser {
  id: string;
  userName: string;
  externalId?: string;
  displayName?: string;
  name?: Record<string, string>;
  emails?: { value: string; type?: string; primary?: boolean }[];
  created: Date;
  lastModified: Date;
  [attribute: string]: unknown;
}

export interface DevScimMember {
  value: string;
  /** The member's userName. */
  display: string;
}

export interface DevScimGroup {
  id: string;
  displayName: string;
  externalId?: string;
  members: DevScimMember[];
  created: Date;
  lastModified: Date;
}

export interface DevScimSnapshot {
  /** In the order they were created. */
  users: DevScimUser[];
  groups: DevScimGroup[];
}

/** One request a tenant received: what was asked and what it was answered. */
export interface DevScimRequestRecord {
  method: string;
  /** The path below `<mount>/<tenant>/v2`, with its query, e.g. `/Users?filter=...`. */
  path: string;
  status: number;
  at: Date;
}

export interface DevScimServer {
  /** Node HTTP handler for the paths under the mount (the full URL path, mount included, in `req.url`). */
  handle(req: IncomingMessage, res: ServerResponse): void;
  /** The tenants' names, as configured. */
  tenants(): string[];
  /** The schemes the tenant accepts, `['Basic']`, `['Bearer']`, both, or none (an open tenant). */
  authentication(tenant: string): string[];
  /** A copy of the tenant's users and groups (members with their userName). Throws for an unknown tenant. */
  snapshot(tenant: string): DevScimSnapshot;
  /**
   * How many members the tenant's group of this displayName (compared without regard to case) has, or
   * null when it has none such: what a bench polls for, without copying every user as a snapshot does.
   */
  groupSize(tenant: string, displayName: string): number | null;
  /** How many users the tenant holds. */
  userCount(tenant: string): number;
  /** Requests the tenant received, counted by method (`{ POST: 3, PATCH: 1 }`), answered or refused. */
  requests(tenant: string): Record<string, number>;
  /** The tenant's requests in the order they were answered. */
  requestLog(tenant: string): DevScimRequestRecord[];
  /** Empties every tenant: users, groups, counts. */
  reset(): void;
  /** Empties every tenant and answers any later request 503. */
  close(): void;
}

interface TenantState {
  name: string;
  credentials: DevScimTenantOptions;
  users: Map<string, DevScimUser>;
  /** Each user's id by their userName in lower case: the uniqueness check without reading every user. */
  userNames: Map<string, string>;
  groups: Map<string, StoredGroup>;
  counts: Record<string, number>;
  log: DevScimRequestRecord[];
}

interface StoredGroup {
  id: string;
  displayName: string;
  externalId?: string;
  /** Member user ids, in the order they were added. */
  members: string[];
  created: Date;
  lastModified: Date;
}

const ScimError = SCIMMY.Types.Error;

/** Attributes never kept from a request: the server's own (`id`, `meta`, `groups`) and any password. */
const NOT_KEPT = new Set(['schemas', 'id', 'meta', 'groups', 'password']);

function plain(instance: unknown): Record<string, unknown> {
  const copy = JSON.parse(JSON.stringify(instance)) as Record<string, unknown>;
  for (const key of NOT_KEPT) delete copy[key];
  return copy;
}

const sameText = (a: string | undefined, b: string | undefined) =>
  a !== undefined && b !== undefined && a.toLowerCase() === b.toLowerCase();

function tenantOf(ctx: unknown): TenantState {
  if (!ctx || typeof ctx !== 'object' || !('users' in ctx)) {
    // Only a call outside this module's router (another scimmy user in the process) gets here.
    throw new ScimError(500, null as never, 'No development SCIM tenant in the request context');
  }
  return ctx as TenantState;
}

function userOut(user: DevScimUser): Record<string, unknown> {
  const { created, lastModified, ...attributes } = user;
  return { ...attributes, meta: { created, lastModified } };
}

function groupOut(tenant: TenantState, group: StoredGroup): Record<string, unknown> {
  return {
    id: group.id,
    displayName: group.displayName,
    ...(group.externalId !== undefined ? { externalId: group.externalId } : {}),
    members: group.members.map((id) => ({
      value: id,
      display: tenant.users.get(id)?.userName ?? id,
      type: 'User',
    })),
    meta: { created: group.created, lastModified: group.lastModified },
  };
}

interface FilterLike {
  match<T>(values: T[]): T[];
}

interface ResourceLike {
  id?: string;
  filter?: FilterLike;
}

const lowerStrings = (value: unknown): unknown =>
  typeof value === 'string' ? value.toLowerCase() : Array.isArray(value) ? value.map(lowerStrings) : value;

/**
 * The records a filter matches, comparing `caseless` (userName, a group's displayName: `caseExact` false in
 * RFC 7643) without regard to case, as RFC 7644 §3.4.2.2 asks and as the uniqueness check compares; scimmy's
 * own match compares every string exactly. So a create refused 409 is found by a filter on the same value.
 */
function matching<T extends Record<string, unknown>>(
  filter: FilterLike,
  records: T[],
  caseless: string,
): T[] {
  const expressions = (
    JSON.parse(JSON.stringify([...(filter as unknown as object[])])) as Record<string, unknown>[]
  ).map((expression) =>
    Object.fromEntries(
      Object.entries(expression).map(([attribute, value]) => [
        attribute,
        attribute.toLowerCase() === caseless.toLowerCase() ? lowerStrings(value) : value,
      ]),
    ),
  );
  const views = records.map((record) => ({ ...record, [caseless]: lowerStrings(record[caseless]) }));
  const hits = new Set(new SCIMMY.Types.Filter(expressions as never).match(views));
  return records.filter((_record, index) => hits.has(views[index]));
}

function notFound(kind: string, id: string | undefined): never {
  throw new ScimError(404, null as never, `${kind} ${id} not found`);
}

function userIngress(resource: ResourceLike, instance: unknown, ctx: unknown): Record<string, unknown> {
  const tenant = tenantOf(ctx);
  const attributes = plain(instance);
  const userName = attributes.userName as string;
  // RFC 7643 §4.1.1: "Each User MUST include a non-empty userName value."
  if (typeof userName !== 'string' || userName.trim() === '') {
    throw new ScimError(400, 'invalidValue', 'userName must not be empty');
  }
  const existing = resource.id !== undefined ? tenant.users.get(resource.id) : undefined;
  if (resource.id !== undefined && !existing) notFound('User', resource.id);
  const holder = tenant.userNames.get(userName.toLowerCase());
  if (holder !== undefined && holder !== resource.id) {
    throw new ScimError(409, 'uniqueness', `userName "${userName}" is already taken in this tenant`);
  }
  const now = new Date();
  const user: DevScimUser = {
    ...attributes,
    id: existing?.id ?? randomUUID(),
    userName,
    created: existing?.created ?? now,
    lastModified: now,
  };
  if (existing) tenant.userNames.delete(existing.userName.toLowerCase());
  tenant.users.set(user.id, user);
  tenant.userNames.set(userName.toLowerCase(), user.id);
  return userOut(user);
}

function userEgress(resource: ResourceLike, ctx: unknown) {
  const tenant = tenantOf(ctx);
  if (resource.id !== undefined) {
    const user = tenant.users.get(resource.id);
    return user ? userOut(user) : notFound('User', resource.id);
  }
  const all = [...tenant.users.values()].map(userOut);
  return resource.filter ? matching(resource.filter, all, 'userName') : all;
}

function userDegress(resource: ResourceLike, ctx: unknown): void {
  const tenant = tenantOf(ctx);
  const id = resource.id as string;
  const user = tenant.users.get(id);
  if (!user) notFound('User', id);
  tenant.users.delete(id);
  tenant.userNames.delete(user.userName.toLowerCase());
  const now = new Date();
  for (const group of tenant.groups.values()) {
    const left = group.members.filter((member) => member !== id);
    if (left.length !== group.members.length) {
      group.members = left;
      group.lastModified = now;
    }
  }
}

function groupIngress(resource: ResourceLike, instance: unknown, ctx: unknown): Record<string, unknown> {
  const tenant = tenantOf(ctx);
  const attributes = plain(instance);
  const displayName = attributes.displayName as string;
  const existing = resource.id !== undefined ? tenant.groups.get(resource.id) : undefined;
  if (resource.id !== undefined && !existing) notFound('Group', resource.id);
  for (const other of tenant.groups.values()) {
    if (other.id !== resource.id && sameText(other.displayName, displayName)) {
      throw new ScimError(409, 'uniqueness', `displayName "${displayName}" is already taken in this tenant`);
    }
  }
  // A Set keeps the members in the order they were added, each once.
  const members = new Set<string>();
  for (const member of (attributes.members ?? []) as { value?: string; type?: string }[]) {
    if (typeof member.value !== 'string' || !tenant.users.has(member.value)) {
      throw new ScimError(400, 'invalidValue', `member "${member.value ?? ''}" is not a user of this tenant`);
    }
    members.add(member.value);
  }
  const now = new Date();
  const group: StoredGroup = {
    id: existing?.id ?? randomUUID(),
    displayName,
    ...(typeof attributes.externalId === 'string' ? { externalId: attributes.externalId } : {}),
    members: [...members],
    created: existing?.created ?? now,
    lastModified: now,
  };
  tenant.groups.set(group.id, group);
  return groupOut(tenant, group);
}

function groupEgress(resource: ResourceLike, ctx: unknown) {
  const tenant = tenantOf(ctx);
  if (resource.id !== undefined) {
    const group = tenant.groups.get(resource.id);
    return group ? groupOut(tenant, group) : notFound('Group', resource.id);
  }
  const all = [...tenant.groups.values()].map((group) => groupOut(tenant, group));
  return resource.filter ? matching(resource.filter, all, 'displayName') : all;
}

function groupDegress(resource: ResourceLike, ctx: unknown): void {
  const tenant = tenantOf(ctx);
  if (!tenant.groups.delete(resource.id as string)) notFound('Group', resource.id);
}

// scimmy's handler types are generic over its schema classes; these handlers take plain objects.
type UserIngress = Parameters<typeof SCIMMY.Resources.User.ingress>[0];
type UserEgress = Parameters<typeof SCIMMY.Resources.User.egress>[0];
type UserDegress = Parameters<typeof SCIMMY.Resources.User.degress>[0];
type GroupIngress = Parameters<typeof SCIMMY.Resources.Group.ingress>[0];
type GroupEgress = Parameters<typeof SCIMMY.Resources.Group.egress>[0];
type GroupDegress = Parameters<typeof SCIMMY.Resources.Group.degress>[0];

/** Declares the two resources with this module's handlers, once per process (see the module comment). */
function declareResources(): void {
  const { Resources } = SCIMMY;
  if (!Resources.declared(Resources.User)) Resources.declare(Resources.User);
  if (!Resources.declared(Resources.Group)) Resources.declare(Resources.Group);
  Resources.User.ingress(userIngress as unknown as UserIngress)
    .egress(userEgress as unknown as UserEgress)
    .degress(userDegress as unknown as UserDegress);
  Resources.Group.ingress(groupIngress as unknown as GroupIngress)
    .egress(groupEgress as unknown as GroupEgress)
    .degress(groupDegress as unknown as GroupDegress);
}

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
const sameSecret = (given: string, expected: string) => timingSafeEqual(digest(given), digest(expected));

/** Throws (scimmy-routers answers 401 with a SCIM error body) unless the request carries the tenant's credentials. */
function authenticate(tenant: TenantState, req: Request): string {
  const { basic, bearer } = tenant.credentials;
  if (!basic && bearer === undefined) return 'anonymous';
  const header = req.headers.authorization ?? '';
  const [scheme, value = ''] = header.split(/\s+/, 2);
  if (basic && scheme?.toLowerCase() === 'basic') {
    const decoded = Buffer.from(value, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (
      colon >= 0 &&
      sameSecret(decoded.slice(0, colon), basic.username) &&
      sameSecret(decoded.slice(colon + 1), basic.password)
    ) {
      return basic.username;
    }
  }
  if (bearer !== undefined && scheme?.toLowerCase() === 'bearer' && sameSecret(value, bearer))
    return 'bearer';
  const challenges = [
    ...(basic ? [`Basic realm="dev-scim ${tenant.name}"`] : []),
    ...(bearer !== undefined ? [`Bearer realm="dev-scim ${tenant.name}"`] : []),
  ];
  req.res?.setHeader('WWW-Authenticate', challenges.join(', '));
  throw new Error(
    header
      ? `Wrong credentials for tenant "${tenant.name}"`
      : `Credentials required for tenant "${tenant.name}" (${challenges.map((c) => c.split(' ')[0]).join(' or ')})`,
  );
}

/** A prototype with express's request or response methods over `base`. */
function withMethodsOf(methods: object, base: object): object {
  return Object.defineProperties(Object.create(base) as object, Object.getOwnPropertyDescriptors(methods));
}

const scimError = (status: number, message: string) =>
  new SCIMMY.Messages.Error({ status, message } as never);

export function createDevScimServer(options: DevScimOptions): DevScimServer {
  const mount = (options.mount ?? '/dev-scim').replace(/\/+$/, '');
  const states = new Map<string, TenantState>();
  for (const [name, credentials] of Object.entries(options.tenants)) {
    if (!/^[A-Za-z0-9._~-]+$/.test(name)) {
      throw new TypeError(`Development SCIM tenant name "${name}" must be one plain path segment`);
    }
    states.set(name, {
      name,
      credentials,
      users: new Map(),
      userNames: new Map(),
      groups: new Map(),
      counts: {},
      log: [],
    });
  }
  let closed = false;

  declareResources();
  const requestTenant = new WeakMap<Request, TenantState>();
  const tenantFor = (req: Request): TenantState => {
    const tenant = requestTenant.get(req);
    if (!tenant) throw new Error('No tenant resolved for this request');
    return tenant;
  };
  const scim = new SCIMMYRouters({
    type: 'basic',
    handler: (req) => authenticate(tenantFor(req), req),
    context: (req) => tenantFor(req),
    // Absolute `meta.location`s, on the host the caller used.
    baseUri: (req) => (req.headers.host ? `${req.protocol}://${req.headers.host}` : ''),
  });
  // scimmy-routers adds its one scheme and turns bulk on: say what this server really does.
  const bulk = options.bulk ?? BULK_LIMITS;
  SCIMMY.Config.set({ authenticationSchemes: [], bulk: false, etag: false, changePassword: false });
  if (bulk) SCIMMY.Config.set({ bulk: { supported: true, ...bulk } } as never);
  SCIMMY.Config.set({
    authenticationSchemes: [
      {
        type: 'httpbasic',
        name: 'HTTP Basic',
        description: 'Authentication scheme using the HTTP Basic Standard',
        specUri: 'https://datatracker.ietf.org/doc/html/rfc2617',
      },
      {
        type: 'oauthbearertoken',
        name: 'OAuth Bearer Token',
        description: 'Authentication scheme using the OAuth Bearer Token Standard',
        specUri: 'https://datatracker.ietf.org/doc/html/rfc6750',
      },
    ],
  } as never);

  const buildApp = (): Express => {
    const app = express();
    app.disable('x-powered-by');
    // No ETag / 304: the provider says etag unsupported, and a test must see every answer whole.
    app.set('etag', false);
    app.use((_req: Request, res: Response, next: NextFunction) => {
      res.setHeader('cache-control', 'no-store');
      if (closed) {
        res
          .status(503)
          .type('application/scim+json')
          .send(scimError(503, 'The development SCIM server is closed'));
        return;
      }
      next();
    });
    app.use(`${mount}/:tenant/v2`, (req: Request, res: Response, next: NextFunction) => {
      const tenant = states.get(req.params.tenant);
      if (!tenant) {
        res
          .status(404)
          .type('application/scim+json')
          .send(scimError(404, `No development SCIM tenant "${req.params.tenant}"`));
        return;
      }
      requestTenant.set(req, tenant);
      tenant.counts[req.method] = (tenant.counts[req.method] ?? 0) + 1;
      const path = req.url;
      res.on('finish', () =>
        tenant.log.push({ method: req.method, path, status: res.statusCode, at: new Date() }),
      );
      next();
    });
    app.use(`${mount}/:tenant/v2`, scim);
    app.use((_req: Request, res: Response) => {
      res
        .status(404)
        .type('application/scim+json')
        .send(scimError(404, `Not a development SCIM path: tenants are at ${mount}/<tenant>/v2`));
    });
    // scimmy-routers answers its errors itself and passes on the 5xx ones: never answer twice.
    app.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
      if (res.headersSent) return;
      res
        .status(500)
        .type('application/scim+json')
        .send(scimError(500, error instanceof Error ? error.message : String(error)));
    });
    return app;
  };
  // Express gives each request and response its own prototypes (Object.setPrototypeOf to express's, which
  // sit on http.IncomingMessage / ServerResponse). A request that is not a plain node one (Fastify's
  // inject, light-my-request) would lose its own write/end that way; such requests get an app whose
  // prototypes are express's methods on top of the request's own prototypes.
  const standardApp = buildApp();
  const otherApps = new WeakMap<object, WeakMap<object, Express>>();
  const appFor = (req: IncomingMessage, res: ServerResponse): Express => {
    const reqProto = Object.getPrototypeOf(req) as object;
    const resProto = Object.getPrototypeOf(res) as object;
    if (reqProto === IncomingMessage.prototype && resProto === ServerResponse.prototype) return standardApp;
    let byResponse = otherApps.get(reqProto);
    if (!byResponse) otherApps.set(reqProto, (byResponse = new WeakMap()));
    let app = byResponse.get(resProto);
    if (!app) {
      app = buildApp();
      const own = { configurable: true, enumerable: true, writable: true, value: app };
      app.request = Object.create(withMethodsOf(express.request, reqProto), { app: own }) as Request;
      app.response = Object.create(withMethodsOf(express.response, resProto), { app: own }) as Response;
      byResponse.set(resProto, app);
    }
    return app;
  };

  const tenantState = (name: string): TenantState => {
    const tenant = states.get(name);
    if (!tenant) throw new Error(`No development SCIM tenant "${name}"`);
    return tenant;
  };
  const empty = () => {
    for (const tenant of states.values()) {
      tenant.users.clear();
      tenant.userNames.clear();
      tenant.groups.clear();
      tenant.counts = {};
      tenant.log = [];
    }
  };

  return {
    handle: (req, res) => {
      appFor(req, res)(req as Request, res as Response);
    },
    tenants: () => [...states.keys()],
    authentication: (name) => {
      const { basic, bearer } = tenantState(name).credentials;
      return [...(basic ? ['Basic'] : []), ...(bearer !== undefined ? ['Bearer'] : [])];
    },
    snapshot: (name) => {
      const tenant = tenantState(name);
      const copy = <T>(value: T): T => structuredClone(value);
      return {
        users: [...tenant.users.values()].map(copy),
        groups: [...tenant.groups.values()].map((group) => ({
          id: group.id,
          displayName: group.displayName,
          ...(group.externalId !== undefined ? { externalId: group.externalId } : {}),
          members: group.members.map((id) => ({ value: id, display: tenant.users.get(id)?.userName ?? id })),
          created: new Date(group.created),
          lastModified: new Date(group.lastModified),
        })),
      };
    },
    groupSize: (name, displayName) => {
      for (const group of tenantState(name).groups.values()) {
        if (sameText(group.displayName, displayName)) return group.members.length;
      }
      return null;
    },
    userCount: (name) => tenantState(name).users.size,
    requests: (name) => ({ ...tenantState(name).counts }),
    requestLog: (name) => tenantState(name).log.map((entry) => ({ ...entry })),
    reset: empty,
    close: () => {
      closed = true;
      empty();
    },
  };
}
