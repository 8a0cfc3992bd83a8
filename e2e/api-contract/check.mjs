// The API contract check (issue 40): the OpenAPI documents linted by @redocly/cli, then requests generated
// from the external document (openapi-sampler: valid samples from each operation's schemas and examples,
// and variants that break them) sent to a started server with a super-user token, an organisation token
// and none (the routes of HTTP Basic with a service account of every scope and none); each answer checked against the document (status listed, content type as described, body
// valid per openapi-backend's validator; never a 5xx). Bounded by CONTRACT_MAX_MS (default 4 minutes).
// Prints how many requests ran, the answers by status and the findings; exits 1 on any finding.
// CONTRACT_VERBOSE=1 prints every request and the start of its answer.
//
//   node e2e/api-contract/check.mjs      (needs the built server and bundles: node tooling/build.mjs)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { launchBrowser, newContext } from '../harness/browser.mjs';
import { startServer } from '../harness/server.mjs';
import { loginAs } from '../harness/ui.mjs';
import { api } from '../support/api.mjs';

const require = createRequire(import.meta.url);
const { OpenAPIBackend } = require('openapi-backend');
const sampler = require('openapi-sampler');

const HERE = path.dirname(fileURLToPath(import.meta.url));
const REDOCLY = path.join(HERE, '..', '..', 'node_modules', '.bin', 'redocly');
const MAX_MS = Number(process.env.CONTRACT_MAX_MS ?? 240_000);
const started = Date.now();

/** A token made on the tokens page by a persona, as a person would. */
async function tokenOf(browser, baseUrl, persona) {
  const context = await newContext(browser, baseUrl);
  const page = await context.newPage();
  await loginAs(page, persona);
  await api(page, 'GET', 'tokens/generate-token').then(async ({ body }) => {
    const saved = await api(page, 'POST', 'tokens', { description: `contract check ${persona}` });
    if (saved.status !== 201) throw new Error(`no token for ${persona}: ${JSON.stringify(saved.body)}`);
    page.token = body.token;
  });
  const secret = page.token;
  await context.close();
  return secret;
}

function lint(name, doc) {
  const dir = mkdtempSync(path.join(tmpdir(), 'contract-'));
  const file = path.join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify(doc, null, 2));
  writeFileSync(
    path.join(dir, 'redocly.yaml'),
    [
      'extends:',
      '  - recommended',
      'rules:',
      // No licence is published for this API; the server URL is the instance's own.
      '  info-license: off',
      '  info-license-strict: off',
      '  no-server-example.com: off',
      // Every operation is named (the console's from its method and path, server/src/plugins/openapi.ts).
      '  operation-operationId: error',
      '',
    ].join('\n'),
  );
  try {
    const out = execFileSync(REDOCLY, ['lint', file, '--format', 'stylish'], { cwd: dir, encoding: 'utf8' });
    console.log(`redocly lint ${name} (${file}): ${out.trim().split('\n').slice(-2).join(' ')}`);
    return 0;
  } catch (error) {
    console.log(`redocly lint ${name} (${file}) FAILED:\n${error.stdout ?? ''}${error.stderr ?? ''}`);
    return 1;
  }
}

/** Requests for one operation: a valid sample, then samples with one part broken. */
function requestsFor(op, ids) {
  const params = op.parameters ?? [];
  const media = op.requestBody?.content?.['application/json'];
  const bodySchema = media?.schema;
  // The document's own example of the body (@fastify/swagger puts a schema's `examples` on the media
  // type), else a sample of its schema.
  const example =
    media?.example ?? Object.values(media?.examples ?? {})[0]?.value ?? bodySchema?.examples?.[0];
  const sample = (schema) =>
    schema === bodySchema && example !== undefined
      ? structuredClone(example)
      : sampler.sample(schema ?? {}, { skipReadOnly: true });
  const out = [];
  const hasPathParams = params.some((x) => x.in === 'path');
  for (const id of hasPathParams || bodySchema ? ids : ids.slice(0, 1)) {
    const pathParams = {};
    for (const p of params.filter((x) => x.in === 'path')) pathParams[p.name] = String(id);
    const body = bodySchema ? sample(bodySchema) : undefined;
    if (body && typeof body === 'object') {
      if ('roleIdentifiers' in body) body.roleIdentifiers = [String(id)];
      if ('id' in body) body.id = String(id);
      if ('userRoleId' in body) body.userRoleId = String(id);
      if ('name' in body && typeof body.name === 'string') body.name = `${body.name} ${id} ${Date.now()}`;
    }
    out.push({ pathParams, query: {}, body, kind: 'sample' });
  }
  const pathParams = Object.fromEntries(
    params.filter((x) => x.in === 'path').map((p) => [p.name, String(ids[0])]),
  );
  out.push({
    pathParams: Object.fromEntries(Object.keys(pathParams).map((k) => [k, '0x10'])),
    query: {},
    body: undefined,
    kind: 'bad id',
  });
  for (const q of params.filter((x) => x.in === 'query')) {
    out.push({ pathParams, query: { [q.name]: 'Infinity' }, body: undefined, kind: `bad ${q.name}` });
  }
  if (bodySchema) {
    out.push({ pathParams, query: {}, body: {}, kind: 'empty body' });
    out.push({ pathParams, query: {}, body: [], kind: 'array body' });
    const broken = sample(bodySchema);
    for (const key of Object.keys(bodySchema.properties ?? {}).slice(0, 6)) {
      out.push({ pathParams, query: {}, body: { ...broken, [key]: { nested: true } }, kind: `bad ${key}` });
    }
  }
  return out;
}

// A service account with every scope, for the routes of HTTP Basic (voot, aa, internal API, profile,
// lifecycle): those are sent with its credentials and with none, the token routes with the tokens.
const SERVICE_ACCOUNT = { username: 'contract-check', password: 'contract-check-secret' };
const serviceScopes = ['voot', 'attribute_aggregation', 'sp_dashboard', 'access', 'profile', 'lifecycle'];
const server = await startServer({
  env: {
    DEV_SEED: 'true',
    EXTERNAL_API_RATE_LIMIT: '0',
    REMOTE_USERS: JSON.stringify([{ ...SERVICE_ACCOUNT, scopes: serviceScopes }]),
  },
});
const basicAuth = `Basic ${Buffer.from(`${SERVICE_ACCOUNT.username}:${SERVICE_ACCOUNT.password}`).toString('base64')}`;
let findings = 0;
let sent = 0;
/** @type {Record<string, number>} answers by status, to show what the run reached */
const statuses = {};
try {
  const browser = await launchBrowser();
  const tokens = {
    super: await tokenOf(browser, server.baseUrl, 'admin'),
    organisation: await tokenOf(browser, server.baseUrl, 'institution-admin'),
    none: null,
  };
  await browser.close();

  const external = await (await fetch(`${server.baseUrl}/api/external/v1/openapi.json`)).json();
  const consoleDoc = await (await fetch(`${server.baseUrl}/api/v1/openapi.json`)).json();
  findings += lint('external', external);
  findings += lint('console', consoleDoc);

  // quick: its own check of the document knows OpenAPI 3.0 only; redocly has checked the 3.1 document above.
  const backend = new OpenAPIBackend({ definition: external, quick: true, validate: true, strict: false });
  await backend.init();
  const ids = [1, 2, 3, 5, 8, 999999];
  const report = (line) => {
    findings += 1;
    if (findings <= 50) console.log(`FINDING ${line}`);
  };
  outer: for (const [route, item] of Object.entries(external.paths)) {
    for (const [method, op] of Object.entries(item)) {
      for (const request of requestsFor(op, ids)) {
        const basic = (op.security ?? []).some((scheme) => 'serviceAccount' in scheme);
        const callers = basic ? { 'service account': basicAuth, none: null } : tokens;
        for (const [who, token] of Object.entries(callers)) {
          if (Date.now() - started > MAX_MS) {
            console.log(`stopped at the time bound (${MAX_MS} ms)`);
            break outer;
          }
          let url = route.replace(/\{(\w+)\}/g, (_m, name) =>
            encodeURIComponent(request.pathParams[name] ?? '1'),
          );
          const query = new URLSearchParams(request.query).toString();
          if (query) url += `?${query}`;
          const res = await fetch(`${server.baseUrl}${url}`, {
            method: method.toUpperCase(),
            headers: {
              ...(token ? (basic ? { authorization: token } : { 'x-api-token': token }) : {}),
              ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
            },
            body: request.body === undefined ? undefined : JSON.stringify(request.body),
          });
          sent += 1;
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
          const text = await res.text();
          const where = `${method.toUpperCase()} ${url} (${request.kind}, ${who} token) -> ${res.status}`;
          if (process.env.CONTRACT_VERBOSE) console.log(where, text.slice(0, 200));
          const described = op.responses?.[String(res.status)];
          if (res.status >= 500) report(`${where}: a server error ${text.slice(0, 200)}`);
          else if (!described) report(`${where}: status not in the document`);
          else {
            const type = (res.headers.get('content-type') ?? '').split(';')[0];
            const types = Object.keys(described.content ?? {});
            if (res.status === 204 || types.length === 0) {
              if (text.length > 0) report(`${where}: a body where none is described`);
            } else if (!types.includes(type)) {
              report(`${where}: content type ${type}, described ${types.join(', ')}`);
            } else {
              const result = backend.validator.validateResponse(JSON.parse(text), op.operationId, res.status);
              if (!result.valid)
                report(`${where}: body not as described: ${JSON.stringify(result.errors).slice(0, 300)}`);
            }
          }
        }
      }
    }
  }
} finally {
  await server.stop();
}
console.log(`answers by status: ${JSON.stringify(statuses)}`);
console.log(
  `API contract: ${sent} requests, ${findings} findings, ${Math.round((Date.now() - started) / 1000)} s`,
);
process.exit(findings > 0 ? 1 : 0);
