// Two server instances over one PostgreSQL, probed from outside over HTTP as an operator would: a GET that
// writes, a registry change seen by both, an institution admin removed on one instance and refused on the
// other, a service account's password guessed, one owner's tokens over both instances, and a restart with a
// sub taken out of SUPER_USER_SUBS. Needs `npm run build -w server` and a PostgreSQL server where
// TWO_INSTANCES_ADMIN_URL may create the database portal_two:
//   node tooling/two-instances.mjs
// It prints what it saw (and writes it to two-instances.txt in the temporary folder).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ADMIN_URL = process.env.TWO_INSTANCES_ADMIN_URL ?? 'postgres://portal:portal@127.0.0.1:5432/postgres';
const DB = new URL('/portal_two', ADMIN_URL).href;
const WORK = fs.mkdtempSync(path.join(os.tmpdir(), 'two-instances-'));
const REG = path.join(WORK, 'registry');
const out = [];
const say = (...a) => {
  const line = a.join(' ');
  out.push(line);
  console.log(line);
};

async function resetDb() {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS portal_two WITH (FORCE)');
  await admin.query('CREATE DATABASE portal_two');
  await admin.end();
}

function start(port, extra = {}) {
  const child = spawn('node', [path.join(ROOT, 'server/dist/main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
      DATABASE_URL: DB,
      DEV_IDP: 'true',
      REGISTRY_DIR: REG,
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      EXTERNAL_API_RATE_LIMIT: '50',
      REMOTE_USERS: JSON.stringify([{ username: 'voot', password: 'voot-secret-1', scopes: ['voot'] }]),
      ...extra,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return child;
}

async function ready(base) {
  for (let i = 0; i < 600; i++) {
    try {
      const r = await fetch(`${base}/ready`);
      if (r.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${base} never ready`);
}

/** Logs in through the dev IdP with plain HTTP; returns { cookie, csrf }. */
async function login(base, who) {
  const jar = new Map();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const take = (res) => {
    for (const c of res.headers.getSetCookie()) {
      const [kv] = c.split(';');
      const i = kv.indexOf('=');
      jar.set(kv.slice(0, i), kv.slice(i + 1));
    }
  };
  let url = `${base}/api/v1/users/login?force=true`;
  let opts = {};
  for (let hop = 0; hop < 20; hop++) {
    const res = await fetch(url, {
      redirect: 'manual',
      ...opts,
      headers: { ...(opts.headers ?? {}), cookie: cookieHeader() },
    });
    take(res);
    opts = {};
    if (res.status >= 300 && res.status < 400) {
      url = new URL(res.headers.get('location'), url).href;
      if (new URL(url).pathname === '/') break;
      continue;
    }
    const html = await res.text();
    const m = /action="([^"]*\/login)"/.exec(html);
    if (!m) throw new Error(`no login form at ${url}: ${res.status} ${html.slice(0, 200)}`);
    url = new URL(m[1], url).href;
    opts = {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `login=${encodeURIComponent(who)}`,
    };
  }
  const session = jar.get('portal_session');
  if (!session) throw new Error('no session');
  const cookie = `portal_session=${session}`;
  const csrf = (await (await fetch(`${base}/api/v1/csrf`, { headers: { cookie } })).json()).token;
  return { cookie, csrf };
}

function call(base, s, method, p, body, extra = {}) {
  return fetch(`${base}${p}`, {
    method,
    headers: {
      ...(s ? { cookie: s.cookie, 'x-csrf-token': s.csrf } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...extra,
    },
    body: body ? JSON.stringify(body) : undefined,
  });
}

async function makeToken(base, s, description) {
  const { token } = await (await call(base, s, 'GET', '/api/v1/tokens/generate-token')).json();
  const r = await call(base, s, 'POST', '/api/v1/tokens', { description });
  if (r.status !== 201) throw new Error(`token ${r.status} ${await r.text()}`);
  return token;
}

const A = 'http://localhost:8281';
const B = 'http://localhost:8282';

fs.rmSync(REG, { recursive: true, force: true });
fs.cpSync(path.join(ROOT, 'server/registry'), REG, { recursive: true });
await resetDb();
const a = start(8281);
await ready(A);
const b = start(8282);
await ready(B);
const db = new pg.Client({ connectionString: DB });
await db.connect();
try {
  const adminA = await login(A, 'admin');
  const adminB = await login(B, 'admin');

  // 2. A GET that writes, with the cookie alone.
  const bare = await fetch(`${A}/api/v1/system/cron/users-without-roles`, {
    headers: { cookie: adminA.cookie },
  });
  const withToken = await call(A, adminA, 'GET', '/api/v1/system/cron/users-without-roles');
  say(`cron/users-without-roles: cookie alone ${bare.status}, with X-CSRF-TOKEN ${withToken.status}`);

  // 3. The registry: an institution admin's POST /roles on both instances, before and after app-wiki changes hands.
  const iaA = await login(A, 'institution-admin');
  const iaB = await login(B, 'institution-admin');
  const role = (n) => ({
    name: `Probe ${n}`,
    description: 'probe',
    applicationUsages: [
      {
        application: { manageId: 'app-wiki' },
        landingPage: 'https://wiki.uni-harderwijk.example.org/welcome',
      },
    ],
  });
  say(
    `POST /roles as institution admin before the change: A ${(await call(A, iaA, 'POST', '/api/v1/roles', role('a1'))).status}, B ${(await call(B, iaB, 'POST', '/api/v1/roles', role('b1'))).status}`,
  );
  const file = path.join(REG, 'applications.json');
  const apps = JSON.parse(fs.readFileSync(file, 'utf8'));
  apps.find((x) => x.id === 'app-wiki').data.metaDataFields['coin:institution_guid'] =
    '00000000-0000-0000-0000-000000000001';
  const changed = Date.now();
  fs.writeFileSync(file, JSON.stringify(apps, null, 2));
  const seen = {};
  for (let i = 0; !(seen.A && seen.B) && i < 1200; i++) {
    for (const [name, base, s] of [
      ['A', A, iaA],
      ['B', B, iaB],
    ]) {
      if (seen[name]) continue;
      const r = await call(base, s, 'POST', '/api/v1/roles', role(`${name}${i}x`));
      if (r.status === 403) seen[name] = Date.now() - changed;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  say(
    `registry file changed: institution admin's POST /roles refused (403) on A after ${seen.A} ms, on B after ${seen.B} ms (REGISTRY_REFRESH 30s, REGISTRY_CHECK 5s)`,
  );
  const disagreements = [];
  for (let i = 0; i < 20; i++) {
    const [ra, rb] = await Promise.all([
      call(A, iaA, 'POST', '/api/v1/roles', role(`z${i}a`)),
      call(B, iaB, 'POST', '/api/v1/roles', role(`z${i}b`)),
    ]);
    if (ra.status !== rb.status) disagreements.push(`${ra.status}/${rb.status}`);
  }
  say(`after that, 20 pairs of POST /roles on A and B at once: ${disagreements.length} disagreements`);

  // 1. An institution admin by invitation, removed on A: the session and the organisation token on B.
  const inv = await call(A, adminA, 'POST', '/api/v1/invitations', {
    intendedAuthority: 'INSTITUTION_ADMIN',
    invites: ['probe.ia@example.org'],
    organizationGUID: 'ad93daef-0911-e511-80d0-005056956c1a',
  });
  say(`INSTITUTION_ADMIN invitation: ${inv.status}`);
  const { rows } = await db.query(
    "SELECT text FROM outbox WHERE recipient LIKE '%probe.ia%' ORDER BY id DESC LIMIT 1",
  );
  const hash = /hash=([A-Za-z0-9_-]+)/.exec(JSON.stringify(rows[0]))?.[1];
  const probe = await login(B, 'probe.ia@example.org');
  say(`accept on B: ${(await call(B, probe, 'POST', '/api/v1/invitations/accept', { hash })).status}`);
  const probeA = await login(A, 'probe.ia@example.org');
  const me = await (await call(B, probe, 'GET', '/api/v1/users/me')).json();
  say(`after a second login without the entitlement, on B: institutionAdmin ${me.institutionAdmin}`);
  const secret = await makeToken(B, probe, 'probe org token');
  const ext = (base) => fetch(`${base}/api/external/v1/roles`, { headers: { 'x-api-token': secret } });
  say(`organisation token: external GET roles on A ${(await ext(A)).status}, on B ${(await ext(B)).status}`);
  const removed = await call(A, adminA, 'PUT', `/api/v1/users/removeInstitutionAdmin/${me.id}`);
  const t0 = Date.now();
  const meAfter = await (await call(B, probe, 'GET', '/api/v1/users/me')).json();
  const extAfter = await ext(B);
  say(
    `removeInstitutionAdmin on A: ${removed.status}; at the next request on B (${Date.now() - t0} ms later): session institutionAdmin ${meAfter.institutionAdmin}, token ${extAfter.status}; the other session on A: ${(await (await call(A, probeA, 'GET', '/api/v1/users/me')).json()).institutionAdmin}`,
  );

  // The limit per owner across instances (EXTERNAL_API_RATE_LIMIT=50 here), with the super user's two tokens.
  const t1 = await makeToken(A, adminA, 'probe 1');
  const t2 = await makeToken(B, adminB, 'probe 2');
  const perOwner = {};
  for (let i = 0; i < 80; i++) {
    const r = await fetch(`${i % 2 ? B : A}/api/external/v1/roles`, {
      headers: { 'x-api-token': i % 4 < 2 ? t1 : t2 },
    });
    perOwner[r.status] = (perOwner[r.status] ?? 0) + 1;
    if (r.status === 429 && !perOwner.reason) perOwner.reason = (await r.json()).message;
  }
  say(`80 external calls of one owner, two tokens, alternating A/B, limit 50: ${JSON.stringify(perOwner)}`);

  // 5. Guessing a service account's password over both instances.
  const counts = {};
  for (let i = 0; i < 300; i++) {
    const base = i % 2 ? B : A;
    const r = await fetch(`${base}/api/external/v1/voot/urn:collab:person:x`, {
      headers: { authorization: `Basic ${Buffer.from(`voot:wrong-${i}`).toString('base64')}` },
    });
    counts[r.status] = (counts[r.status] ?? 0) + 1;
    if (r.status === 429 && !counts.retryAfter) counts.retryAfter = r.headers.get('retry-after');
  }
  say(`300 wrong voot passwords alternating A/B: ${JSON.stringify(counts)}`);
  const audit = await db.query(
    "SELECT action, count(*)::int AS n FROM audit_logs WHERE entity_type = 'user' AND action IN ('login','logout','denied','remove_institution_admin') GROUP BY action ORDER BY action",
  );
  say(`audit rows: ${audit.rows.map((r) => `${r.action} ${r.n}`).join(', ')}`);

  // 1. Restart with a changed SUPER_USER_SUBS: the old session and an old super-user token.
  const suTok = await makeToken(A, adminA, 'su');
  a.kill('SIGTERM');
  b.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 3000));
  const a2 = start(8281, { SUPER_USER_SUBS: 'urn:collab:person:nobody' });
  await ready(A);
  const meSu = await (await call(A, adminA, 'GET', '/api/v1/users/me')).json();
  const sys = await call(A, adminA, 'GET', '/api/v1/system/unknown-roles');
  const suExt = await fetch(`${A}/api/external/v1/roles`, { headers: { 'x-api-token': suTok } });
  say(
    `restart with the admin's sub out of SUPER_USER_SUBS: old session superUser ${meSu.superUser}, system call ${sys.status}, old super-user token ${suExt.status}`,
  );
  a2.kill('SIGTERM');
} finally {
  await db.end();
  a.kill('SIGTERM');
  b.kill('SIGTERM');
  fs.writeFileSync(path.join(WORK, 'two-instances.txt'), out.join('\n') + '\n');
}
