/**
 * Property: no input gives a 5xx. Every /api/v1 route the app registers (collected as it is added, so a
 * new route is covered without a change here) is driven through its own schema with wrong values —
 * wrong types, Infinity/NaN, numbers past bigint, exotic id spellings, lone surrogates, NUL, very long
 * strings, deep JSON — as a super user (with a super-user token on the external API) and anonymously. A
 * refusal must be a 4xx in the error shape.
 */
import fc from 'fast-check';
import type { FastifyInstance, HTTPMethods, InjectOptions, RouteOptions } from 'fastify';
import { apiApp, insertRole } from '../test/api-kit.js';
import { loginAs, type TestSession } from '../test/helper.js';
import { hashTokenSecret } from '../stores/tokens.store.js';

interface Route {
  method: InjectOptions['method'];
  url: string;
  schema: { params?: Schema; querystring?: Schema; body?: Schema };
  /** The route answers errors as problem details (the external API). */
  problems: boolean;
  /** The route takes a service account's HTTP Basic credentials, not a token. */
  basic: boolean;
}
interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  enum?: readonly unknown[];
}

const routes: Route[] = [];
let app: FastifyInstance;

beforeAll(async () => {
  app = await apiApp({
    mailer: { send: async () => undefined },
    // No rate limit: the super user's token makes thousands of calls here. A service account with every
    // scope for the routes with HTTP Basic (voot, attribute aggregation, the internal API's sp_dashboard and
    // access, profile, lifecycle), so that their handlers are reached; no generated subject is a person's.
    config: { externalApiRateLimit: 0 },
    env: {
      REMOTE_USERS: JSON.stringify([
        {
          username: 'fuzz',
          password: SERVICE_PASSWORD,
          scopes: ['voot', 'attribute_aggregation', 'profile', 'lifecycle', 'sp_dashboard', 'access'],
        },
      ]),
    },
    onRoute: (route: RouteOptions) => {
      const methods = ([] as HTTPMethods[]).concat(route.method);
      for (const method of methods) {
        if (method === 'HEAD' || !route.url.startsWith('/api/')) continue;
        routes.push({
          method: method as InjectOptions['method'],
          url: route.url,
          schema: (route.schema ?? {}) as Route['schema'],
          problems: route.url.startsWith('/api/external/'),
          basic: (route.config as { authentication?: string } | undefined)?.authentication === 'basic',
        });
      }
    },
  });
  await insertRole(app, 'Wiki Editors', ['app-wiki']);
});

/**
 * The external API takes a token, not a session: the super user's pass calls it with a super-user token
 * of the admin logged in for the route (an earlier route may have deleted the admin, and its tokens).
 */
async function superUserToken(ownerId: number): Promise<void> {
  await app.db.query('DELETE FROM api_tokens WHERE hashed_value = $1', [hashTokenSecret(SUPER_TOKEN)]);
  await app.db.query(
    'INSERT INTO api_tokens (hashed_value, description, owner_id, super_user_token) VALUES ($1, $2, $3, true)',
    [hashTokenSecret(SUPER_TOKEN), 'fuzz', ownerId],
  );
}
afterAll(() => app.close());

const SUPER_TOKEN = 'a-super-user-token-for-the-fuzzer';
const SERVICE_PASSWORD = 'a-service-account-password';
const SERVICE_BASIC = `Basic ${Buffer.from(`fuzz:${SERVICE_PASSWORD}`).toString('base64')}`;

/** Marks a JSON number written as raw text (one JSON.stringify cannot write: 1e309, forty nines). */
const RAW = '\u0001raw:';
const raw = (text: string) => `${RAW}${text}`;
const toJson = (value: unknown) =>
  JSON.stringify(value).replace(new RegExp(`"${RAW}([^"]*)"`, 'g'), (_m, text: string) => text);

const EXOTIC_IDS = [
  '0x10',
  '0b11',
  '0o7',
  '+1',
  '-1',
  '1e3',
  '1.5',
  ' 1',
  '1 ',
  '01',
  '0',
  '00',
  'Infinity',
  '-Infinity',
  'NaN',
  '1e309',
  '9'.repeat(40),
  '9223372036854775807',
  '9223372036854775808',
  '18446744073709551616',
  '9007199254740993',
  '1_000',
  '١٢',
  'true',
  'null',
  '[]',
  '{}',
  '',
];
const BAD_TEXT = [
  '\ud800',
  'a\udfffb',
  '\udc00\ud800',
  'x\u0000y',
  'x'.repeat(70_000),
  '\u{1F600}'.repeat(300),
];
const RAW_NUMBERS = ['1e309', '-1e309', '1e21', '-1e21', '9'.repeat(40), '-0', '1.5', '4.9e-324', '1e-400'];

const deep = (depth: number): unknown => (depth === 0 ? 'x' : [deep(depth - 1)]);

/** Wrong values of any kind, for any place in a body. */
const anyWrong: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(...EXOTIC_IDS, ...BAD_TEXT, true, false, null, [], {}, deep(200)),
  fc.constantFrom(...RAW_NUMBERS).map(raw),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.double(),
  fc.integer(),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map((n) => raw(n.toString())),
  fc.jsonValue({ maxDepth: 3 }),
);

interface Bounded extends Schema {
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  maxLength?: number;
  decimalId?: boolean;
}

/** Texts that pass for real ones here (an application the registry knows, a URL, an address). */
const PLAUSIBLE = ['app-wiki', 'Wiki', 'https://example.org', 'someone@example.org', 'GUEST', 'en', '1'];

/** A value the schema accepts, or nearly: what lets a wrong value elsewhere get past validation. */
function valid(schema: Bounded | undefined, depth: number): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return fc.constant('x');
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const type = ([] as string[]).concat(schema.type ?? 'object')[0];
  if (schema.decimalId) return fc.integer({ min: 1, max: 5 });
  if (type === 'object') return wrongSomewhere(schema, depth);
  if (type === 'array')
    return fc.array(wrongSomewhere(schema.items ?? {}, depth + 1), {
      minLength: schema.minItems ?? 0,
      maxLength: Math.min(schema.maxItems ?? 3, 3),
    });
  if (type === 'integer' || type === 'number')
    return fc.integer({ min: schema.minimum ?? -1000, max: Math.min(schema.maximum ?? 1000, 2 ** 31) });
  if (type === 'boolean') return fc.boolean();
  if (type === 'null') return fc.constant(null);
  // Text of the right type that cannot be stored (a lone surrogate, a NUL) is among the valid-looking.
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...PLAUSIBLE) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: Math.min(schema.maxLength ?? 20, 20) }) },
    { weight: 1, arbitrary: fc.constantFrom('\ud800', 'a\udfffb', 'x\u0000y') },
  );
}

/**
 * A value shaped by the schema, wrong somewhere: an object has every property, each valid or (one time
 * in nine) wrong, so that a wrong value deep inside still meets the code behind validation.
 */
function wrongSomewhere(schema: Bounded, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 4) return anyWrong;
  const type = ([] as string[]).concat(schema.type ?? 'object')[0];
  if (type !== 'object' || !schema.properties)
    return fc.oneof({ weight: 8, arbitrary: valid(schema, depth + 1) }, { weight: 1, arbitrary: anyWrong });
  const properties = schema.properties as Record<string, Bounded>;
  return fc.record(
    Object.fromEntries(
      Object.entries(properties).map(([key, property]) => [
        key,
        fc.oneof({ weight: 8, arbitrary: valid(property, depth + 1) }, { weight: 1, arbitrary: anyWrong }),
      ]),
    ),
  );
}

/** A text as a URL part: percent-encoded as UTF-8, a lone surrogate as the bytes a client could send. */
function urlPart(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...text].map((c) => (/[\ud800-\udfff]/.test(c) ? '%ED%A0%80' : encodeURIComponent(c))).join('');
  }
}

/** One text of a URL place (a path parameter or a query value). */
const urlText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...EXOTIC_IDS, ...BAD_TEXT.map((t) => t.slice(0, 3000))),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer().map(String),
  fc.double().map(String),
);

interface Call {
  url: string;
  payload?: string;
}

function calls(route: Route): fc.Arbitrary<Call> {
  const paramNames = [...route.url.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]);
  const queryNames = Object.keys(route.schema.querystring?.properties ?? {});
  const path = fc.tuple(...paramNames.map(() => urlText)).map((values) => {
    let url = route.url;
    paramNames.forEach((name, i) => (url = url.replace(`:${name}`, urlPart(values[i]) || '%20')));
    return url;
  });
  const query = fc
    .array(fc.tuple(fc.constantFrom(...queryNames, 'unknown'), urlText), { maxLength: 4 })
    .map((pairs) => pairs.map(([k, v]) => `${k}=${urlPart(v)}`).join('&'));
  const hasBody = route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH';
  const body = hasBody
    ? fc.oneof(
        wrongSomewhere(route.schema.body ?? { type: 'object' }).map(toJson),
        fc.constantFrom(
          '{',
          '[]',
          'null',
          '"x"',
          '{"a":1,"a":2}',
          `${'['.repeat(5000)}${']'.repeat(5000)}`,
          '{"__proto__":{"x":1}}',
        ),
      )
    : fc.constant(undefined);
  return fc.record({ path, query, body }).map(({ path, query, body }) => ({
    url: query ? `${path}?${query}` : path,
    ...(body === undefined ? {} : { payload: body }),
  }));
}

// Fixed seed, few runs a route: the whole walk stays within seconds on two shared cores.
const RUNS_PER_ROUTE = 100;
const SEED = 39_4;

describe.each([
  ['a super user', true],
  ['an anonymous caller', false],
])('every /api/ route, called by %s with wrong input', (_who, superUser) => {
  it('answers without a 5xx, and refuses in the error shape', async () => {
    expect(routes.length).toBeGreaterThan(30);
    const failures: string[] = [];
    let sent = 0;
    for (const route of routes) {
      // A fresh session per route: logout (or deleting users) must not turn the rest anonymous.
      const session: TestSession | null = superUser ? await loginAs(app, 'admin') : null;
      if (session && route.problems && !route.basic) await superUserToken(session.userId);
      await fc.assert(
        fc.asyncProperty(calls(route), async ({ url, payload }) => {
          sent += 1;
          const res = await app.inject({
            method: route.method,
            url,
            headers: {
              ...(!route.problems
                ? (session?.headers ?? {})
                : !superUser
                  ? {}
                  : route.basic
                    ? { authorization: SERVICE_BASIC }
                    : { 'x-api-token': SUPER_TOKEN }),
              ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
            },
            ...(payload === undefined ? {} : { payload }),
          });
          const type = String(res.headers['content-type'] ?? '');
          const body =
            type.startsWith('application/json') || type.startsWith('application/problem+json')
              ? res.json()
              : null;
          // The external API answers RFC 9457 problem details, the console's API { status, error, message }.
          const shapeOk =
            res.statusCode < 400 ||
            (route.problems
              ? type.startsWith('application/problem+json') &&
                typeof body?.detail === 'string' &&
                body.status === res.statusCode &&
                typeof body.title === 'string'
              : typeof body?.message === 'string' &&
                body.status === res.statusCode &&
                typeof body.error === 'string');
          // The token (or the service account) is taken: its calls reach the handlers, not a refusal of it.
          if (route.problems && superUser && [401, 429].includes(res.statusCode)) {
            failures.push(`${route.method} ${url}: the credentials were refused (${res.statusCode})`);
          }
          if (res.statusCode >= 500 || !shapeOk) {
            failures.push(
              `${route.method} ${url} ${payload?.slice(0, 200) ?? ''} -> ${res.statusCode} ${res.body.slice(0, 200)}`,
            );
          }
        }),
        { seed: SEED, numRuns: RUNS_PER_ROUTE },
      );
    }
    expect(failures).toEqual([]);
    expect(sent).toBe(routes.length * RUNS_PER_ROUTE);
    // 100 calls for each of some 80 routes (the external API's among them): over a minute on PostgreSQL
    // beside the other test files.
  }, 180_000);
});
