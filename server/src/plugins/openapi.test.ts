/**
 * The console's API document (`/api/v1/openapi.json`) describes every operation's errors and examples,
 * and every example in both documents is valid against its own schema.
 */
import { TOKEN_ON_CONSOLE_ROUTE } from './token-reach.js';
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import { apiApp } from '../test/api-kit.js';
import { loginAs } from '../test/helper.js';

// Ajv 8 with JSON Schema 2020-12 (OpenAPI 3.1's dialect), as Fastify's own validator compiler brings it.
const fromCompiler = createRequire(createRequire(import.meta.url).resolve('@fastify/ajv-compiler'));
const Ajv2020 = fromCompiler('ajv/dist/2020').default as new (options: object) => {
  compile(schema: object): ((data: unknown) => boolean) & { errors?: unknown };
};
const addFormats = createRequire(import.meta.url)('ajv-formats') as (ajv: object) => void;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Operation = { key: string; op: Json };

let app: FastifyInstance;
let consoleDoc: Json;
let externalDoc: Json;

beforeAll(async () => {
  app = await apiApp({ mailer: { send: async () => undefined } });
  consoleDoc = (await app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
  externalDoc = (await app.inject({ method: 'GET', url: '/api/external/v1/openapi.json' })).json();
});
afterAll(() => app.close());

function operations(doc: Json): Operation[] {
  return Object.entries(doc.paths as Json).flatMap(([path, item]) =>
    Object.entries(item as Json).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, op })),
  );
}

/** The example of a media type object: its own, or its schema's first. */
function mediaExample(media: Json): unknown {
  if (media.example !== undefined) return media.example;
  const named = Object.values((media.examples ?? {}) as Json)[0] as Json | undefined;
  if (named) return named.value;
  return media.schema?.examples?.[0];
}

describe('the console document: errors and examples of every operation', () => {
  it('lists, for every operation, error answers in the console shape with an example each', () => {
    const missing: string[] = [];
    for (const { key, op } of operations(consoleDoc)) {
      const statuses = Object.keys(op.responses).map(Number);
      if (!statuses.some((s) => s >= 400 && s < 500)) missing.push(`${key}: no 4xx`);
      if (!statuses.includes(503)) missing.push(`${key}: no 503`);
      for (const status of statuses.filter((s) => s >= 400)) {
        const answer = op.responses[String(status)];
        const media = answer.content?.['application/json'];
        if (media?.schema?.$ref !== '#/components/schemas/ConsoleError') {
          missing.push(`${key} ${status}: not the console's error shape`);
        }
        if ((media?.example as Json | undefined)?.status !== status)
          missing.push(`${key} ${status}: no example`);
        if (!answer.description) missing.push(`${key} ${status}: no description`);
      }
    }
    expect(missing).toEqual([]);
    expect(consoleDoc.components.schemas.ConsoleError.required).toEqual(['status', 'error', 'message']);
  });

  it('names every operation of both documents with an id of its own', () => {
    const all = [...operations(consoleDoc), ...operations(externalDoc)];
    expect(all.filter(({ op }) => typeof op.operationId !== 'string').map(({ key }) => key)).toEqual([]);
    const ids = all.map(({ op }) => op.operationId as string);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    const byKey = Object.fromEntries(operations(consoleDoc).map(({ key, op }) => [key, op.operationId]));
    expect(byKey['GET /api/v1/users/me']).toBe('getUsersMe');
    expect(byKey['PUT /api/v1/system/performance-seed']).toBe('putSystemPerformanceSeed');
  });

  it('sends the same document, byte for byte, to every caller', async () => {
    const again = await app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(again.json()).toEqual(consoleDoc);
    const session = await loginAs(app, 'admin');
    const loggedIn = await app.inject({
      method: 'GET',
      url: '/api/v1/openapi.json',
      headers: session.headers,
    });
    expect(loggedIn.body).toBe(again.body);
  });

  it('has an example for every success answer with a body, every request body and every path parameter', () => {
    const missing: string[] = [];
    for (const { key, op } of operations(consoleDoc)) {
      const successes = Object.entries(op.responses as Json).filter(([s]) => s.startsWith('2'));
      if (successes.length === 0 && !op.responses['302']) missing.push(`${key}: no success answer`);
      for (const [status, answer] of successes) {
        for (const [type, media] of Object.entries((answer.content ?? {}) as Json)) {
          if (mediaExample(media) === undefined) missing.push(`${key} ${status} ${type}: no example`);
        }
      }
      for (const [type, media] of Object.entries((op.requestBody?.content ?? {}) as Json)) {
        if (mediaExample(media) === undefined) missing.push(`${key} body ${type}: no example`);
      }
      for (const parameter of (op.parameters ?? []) as Json[]) {
        if (parameter.in === 'path' && parameter.example === undefined) {
          missing.push(`${key} ${parameter.name}: no example`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('derives each error from what the route declares: permission, schema, method, handler', () => {
    const responses = (path: string, method: string) => consoleDoc.paths[path][method].responses as Json;
    // An entity permission: 401, 404 with its reason, 403 with its refusal; a write: the CSRF refusal.
    const deleteRole = responses('/api/v1/roles/{id}', 'delete');
    expect(Object.keys(deleteRole)).toEqual(['204', '400', '401', '403', '404', '503']);
    expect(deleteRole['404'].content['application/json'].example.message).toBe('Role 12 not found');
    expect(deleteRole['403'].description).toMatch(/missing roles.*X-CSRF-TOKEN/);
    expect(deleteRole['503'].headers['retry-after']).toBeDefined();
    // Logged in only, no parameters: its 400, 403 and 404 come from X-IMPERSONATE-ID alone.
    const me = responses('/api/v1/users/me', 'get');
    expect(Object.keys(me)).toEqual(['200', '400', '401', '403', '404', '503']);
    expect(me['403'].description).toBe(
      `Refused: "${TOKEN_ON_CONSOLE_ROUTE}". With X-IMPERSONATE-ID: "Only a super user may impersonate"`,
    );
    expect(me['404'].content['application/json'].example.message).toBe('User 12 not found');
    // Open to anyone: no 401.
    expect(Object.keys(responses('/api/v1/csrf', 'get'))).toEqual(['200', '400', '403', '404', '503']);
    const parameters = consoleDoc.paths['/api/v1/csrf'].get.parameters as Json[];
    expect(parameters.map((p) => p.name)).toEqual(['X-IMPERSONATE-ID']);
    // A configuration switch and the handler's own conflict.
    const seed = responses('/api/v1/system/performance-seed', 'put');
    expect(seed['403'].description).toContain('The performance seed is not allowed here');
    expect(seed['409'].content['application/json'].example.message).toBe(
      'The performance seed is already running',
    );
    // A body: its limit and its media type.
    const report = responses('/api/v1/users/error', 'post');
    expect(report['413'].description).toContain('64 KiB');
    expect(report['415']).toBeDefined();
    // Accepting an invitation: the conditions it checks.
    expect(Object.keys(responses('/api/v1/invitations/accept', 'post'))).toEqual(
      expect.arrayContaining(['404', '409', '412']),
    );
  });
});

describe('the console document against the running routes', () => {
  // Not called: the login redirects to the identity provider, the logout ends the session used here.
  const skipped = new Set(['/api/v1/users/login', '/api/v1/users/login/callback', '/api/v1/users/logout']);

  it('documents the status and the body of what every GET answers, logged in or not', async () => {
    const ajv = new Ajv2020({ strict: false });
    addFormats(ajv);
    const admin = await loginAs(app, 'admin');
    const undocumented: string[] = [];
    // Path parameters take their examples, which name nothing in this database (a 404 where documented).
    const gets = operations(consoleDoc)
      .filter(({ key }) => key.startsWith('GET ') && !skipped.has(key.slice(4)))
      .map(({ key, op }) => ({
        key,
        url: ((op.parameters ?? []) as Json[])
          .filter((p) => p.in === 'path')
          .reduce((url, p) => url.replace(`{${p.name}}`, String(p.example)), key.slice(4)),
      }));
    expect(gets.length).toBeGreaterThanOrEqual(40);
    for (const { key, url } of gets) {
      for (const [who, headers] of [
        ['admin', admin.headers],
        ['anonymous', {}],
      ] as const) {
        const res = await app.inject({ method: 'GET', url, headers });
        const answer = consoleDoc.paths[key.slice(4)].get.responses[String(res.statusCode)] as
          Json | undefined;
        if (!answer) {
          undocumented.push(`${url} as ${who}: ${res.statusCode} is not documented`);
          continue;
        }
        const schema = answer.content?.['application/json']?.schema;
        if (!schema) continue;
        const validate = ajv.compile(
          schema.$ref ? consoleDoc.components.schemas.ConsoleError : (schema as object),
        );
        if (!validate(res.json())) {
          undocumented.push(`${url} as ${who}: ${res.statusCode} ${JSON.stringify(validate.errors)}`);
        }
      }
    }
    expect(undocumented).toEqual([]);
  });

  it('answers as before where the document added a success schema (an error report, a user deleted)', async () => {
    const admin = await loginAs(app, 'admin');
    const report = await app.inject({
      method: 'POST',
      url: '/api/v1/users/error',
      headers: admin.headers,
      payload: { 'Missing translation': 'roles:detail.title' },
    });
    expect([report.statusCode, report.body]).toEqual([201, '{}']);
    const leaving = await loginAs(app, 'leaving@example.org');
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/v1/users/${leaving.userId}`,
      headers: admin.headers,
    });
    expect([deleted.statusCode, deleted.body]).toEqual([204, '']);
  });
});

describe('the examples of both documents', () => {
  const ajv = new Ajv2020({ strict: false, allErrors: false });
  addFormats(ajv);

  /** The schema with `#/components/schemas/…` references replaced by what they name. */
  function resolved(doc: Json, schema: unknown): unknown {
    if (Array.isArray(schema)) return schema.map((s) => resolved(doc, s));
    if (!schema || typeof schema !== 'object') return schema;
    const ref = (schema as Json).$ref as string | undefined;
    if (ref?.startsWith('#/components/schemas/')) {
      return resolved(doc, doc.components.schemas[ref.split('/').pop()!]);
    }
    return Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, resolved(doc, v)]));
  }

  /** Every (example, schema, where) pair of a document: media types, parameters and schemas' own examples. */
  function examplesOf(doc: Json): { where: string; example: unknown; schema: unknown }[] {
    const found: { where: string; example: unknown; schema: unknown }[] = [];
    const inSchema = (schema: unknown, where: string) => {
      if (!schema || typeof schema !== 'object') return;
      if (Array.isArray(schema)) return schema.forEach((s, i) => inSchema(s, `${where}[${i}]`));
      const s = schema as Json;
      for (const example of Array.isArray(s.examples) ? s.examples : [])
        found.push({ where, example, schema });
      for (const [key, value] of Object.entries(s))
        if (key !== 'examples') inSchema(value, `${where}.${key}`);
    };
    const inMedia = (media: Json, where: string) => {
      if (media.example !== undefined) found.push({ where, example: media.example, schema: media.schema });
      for (const [name, named] of Object.entries((media.examples ?? {}) as Json)) {
        found.push({ where: `${where} ${name}`, example: named.value, schema: media.schema });
      }
      inSchema(media.schema, where);
    };
    for (const { key, op } of operations(doc)) {
      for (const [status, answer] of Object.entries(op.responses as Json)) {
        for (const [type, media] of Object.entries((answer.content ?? {}) as Json)) {
          inMedia(media, `${key} ${status} ${type}`);
        }
      }
      for (const [type, media] of Object.entries((op.requestBody?.content ?? {}) as Json)) {
        inMedia(media, `${key} body ${type}`);
      }
      for (const parameter of (op.parameters ?? []) as Json[]) {
        const where = `${key} ${parameter.in} ${parameter.name}`;
        if (parameter.example !== undefined) {
          found.push({ where, example: parameter.example, schema: parameter.schema });
        }
        inSchema(parameter.schema, where);
      }
    }
    return found;
  }

  it.each([
    ['console', () => consoleDoc],
    ['external', () => externalDoc],
  ])('holds in the %s document only examples valid against their schemas', (_name, docOf) => {
    const doc = docOf();
    const all = examplesOf(doc);
    expect(all.length).toBeGreaterThan(50);
    const invalid = all.flatMap(({ where, example, schema }) => {
      const validate = ajv.compile(resolved(doc, schema) as object);
      return validate(example) ? [] : [`${where}: ${JSON.stringify(validate.errors)}`];
    });
    expect(invalid).toEqual([]);
  });

  it('finds an example that does not fit its schema', () => {
    const validate = ajv.compile(
      resolved(consoleDoc, { $ref: '#/components/schemas/ConsoleError' }) as object,
    );
    expect(validate({ status: 404, error: 'Not Found', message: 'Role 12 not found' })).toBe(true);
    expect(validate({ status: '404', message: 'Role 12 not found' })).toBe(false);
  });
});
