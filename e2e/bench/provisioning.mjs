// The provisioning part of the bench (issue 41): 1,000 invitations accepted through the API as a browser
// would (each invitee logs in through the development identity provider and accepts), and the time until a
// SCIM service provider holds every membership; deliveries a second; the slowest users/config answered
// meanwhile. Then voot and attribute aggregation at 32 callers on the performance seed, against the floor.
import { startServer } from '../harness/index.mjs';
import { startLoadProcess } from './load-process.mjs';
import { startScimTarget } from '../support/scim-target.mjs';
import { median } from './load.mjs';
import { cpuReader } from './cpu.mjs';

const ACCEPTANCES = Number(process.env.BENCH_ACCEPTANCES ?? 1000);
const PARALLEL_ACCEPTS = 16;
/**
 * Calls the server sends the provider at once (its PROVISIONING_PARALLEL): the server's default, one, unless
 * BENCH_PROVISIONING_PARALLEL says otherwise. With the users made in bulk requests two measured the same.
 */
const PROVISIONING_PARALLEL = Number(process.env.BENCH_PROVISIONING_PARALLEL ?? 1);
const REMOTE_USERS = [
  { username: 'bench-voot', password: 'bench-voot-password', scopes: ['voot'] },
  { username: 'bench-aa', password: 'bench-aa-password', scopes: ['attribute_aggregation'] },
];
const basic = (/** @type {{ username: string, password: string }} */ u) =>
  `Basic ${Buffer.from(`${u.username}:${u.password}`).toString('base64')}`;

/** A cookie jar for one host (names only: the console and its dev IdP share one origin). */
class Session {
  constructor(/** @type {string} */ baseUrl) {
    this.baseUrl = baseUrl;
    /** @type {Map<string, string>} */
    this.cookies = new Map();
    /** @type {string | undefined} */
    this.csrfToken = undefined;
  }
  header() {
    return [...this.cookies.entries()].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  /** @param {Response} response */
  keep(response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  /** A request with the jar, following redirects by hand (so every Set-Cookie is kept). */
  async fetch(/** @type {string} */ url, /** @type {RequestInit} */ init = {}) {
    let target = new URL(url, this.baseUrl).toString();
    let options = init;
    for (let hop = 0; hop < 15; hop += 1) {
      const response = await fetch(target, {
        ...options,
        redirect: 'manual',
        headers: { ...(options.headers ?? {}), cookie: this.header() },
      });
      this.keep(response);
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) return response;
      await response.arrayBuffer();
      target = new URL(location, target).toString();
      options = {};
    }
    throw new Error(`too many redirects from ${url}`);
  }
  /** Logs in through the development identity provider as `login`. */
  async login(/** @type {string} */ login) {
    const form = await this.fetch('/api/v1/users/login');
    const html = await form.text();
    const action = /action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`no login form (${form.status})`);
    const done = await this.fetch(action.replace(/&amp;/g, '&'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ login }).toString(),
    });
    await done.arrayBuffer();
    const me = await this.fetch('/api/v1/users/me');
    if (me.status !== 200) throw new Error(`login as ${login} failed: users/me ${me.status}`);
    return me.json();
  }
  /** The session's CSRF token, asked once (as the console keeps it in its session store). */
  async csrf() {
    this.csrfToken ??= String((await (await this.fetch('/api/v1/csrf')).json()).token);
    return this.csrfToken;
  }
  async api(/** @type {string} */ method, /** @type {string} */ apiPath, /** @type {unknown} */ body) {
    const token = await this.csrf();
    const response = await this.fetch(`/api/v1/${apiPath}`, {
      method,
      headers: { 'content-type': 'application/json', 'x-csrf-token': token },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  }
}

/** Runs `fn` over `items`, `parallel` at a time. */
async function pool(
  /** @type {any[]} */ items,
  /** @type {number} */ parallel,
  /** @type {(item: any) => Promise<void>} */ fn,
) {
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < items.length) await fn(items[next++]);
    }),
  );
}

/**
 * @param {{ smtp: { waitForMail: (to: string) => Promise<any>, mailsTo?: (to: string) => any[] }, smtpUrl: string, acceptLink: (mail: any) => string, remoteCalls?: boolean }} mail
 *   `remoteCalls: false` leaves out the voot and attribute-aggregation part (provisioning-run.mjs).
 * @returns {Promise<Record<string, unknown>>}
 */
export async function measureProvisioning({ smtp, smtpUrl, acceptLink, remoteCalls = true }) {
  const target = await startScimTarget({
    tenant: 'bench',
    token: 'bench-token',
    name: 'Bench SCIM',
    applications: ['app-canvas'],
  });
  const { scim, registry } = target;
  const server = await startServer({
    env: {
      REGISTRY_DIR: registry,
      DEV_SCIM: 'false',
      SMTP_URL: smtpUrl,
      PERFORMANCE_SEED_ALLOWED: 'true',
      BENCH_FLOOR: 'true',
      REMOTE_USERS: JSON.stringify(REMOTE_USERS),
      LOG_LEVEL: 'warn',
      // One call at a time to the provider, as the server does by default (BENCH_PROVISIONING_PARALLEL for
      // more): the users made in bulk requests go one request a batch of up to 16 either way.
      PROVISIONING_PARALLEL: String(PROVISIONING_PARALLEL),
      // PostgreSQL instead of the embedded database (a database of its own: the run adds a role, guests
      // and their memberships to it).
      ...(process.env.BENCH_PROVISIONING_DATABASE_URL
        ? { DATABASE_URL: process.env.BENCH_PROVISIONING_DATABASE_URL }
        : {}),
    },
  });
  /** @type {Record<string, unknown>} */
  const result = {
    acceptances: ACCEPTANCES,
    database: process.env.BENCH_PROVISIONING_DATABASE_URL ? 'PostgreSQL' : 'PGlite',
    provisioningParallel: PROVISIONING_PARALLEL,
  };
  try {
    const admin = new Session(server.baseUrl);
    await admin.login('admin');
    const created = await admin.api('POST', 'roles', {
      name: `Bench Provisioned ${Date.now()}`,
      description: 'Provisioning bench',
      defaultExpiryDays: 365,
      applicationUsages: [
        {
          application: { manageId: 'app-canvas', manageType: 'saml20_sp' },
          landingPage: 'https://lms.example.org',
        },
      ],
    });
    if (created.status !== 201) throw new Error(`role: ${created.status} ${JSON.stringify(created.body)}`);
    const role = created.body;
    const stamp = Date.now();
    const emails = Array.from({ length: ACCEPTANCES }, (_, i) => `bench.accept.${stamp}.${i}@example.org`);
    for (let i = 0; i < emails.length; i += 100) {
      const invited = await admin.api('POST', 'invitations', {
        intendedAuthority: 'GUEST',
        invites: emails.slice(i, i + 100),
        roleIdentifiers: [role.id],
      });
      if (invited.status !== 201)
        throw new Error(`invitations: ${invited.status} ${JSON.stringify(invited.body)}`);
    }
    const links = new Map();
    await pool(emails, 32, async (email) => {
      links.set(email, acceptLink(await smtp.waitForMail(email)));
    });

    // users/config, asked every 50 ms while the guests accept and the deliveries go out.
    /** @type {number[]} */
    const configTimes = [];
    let watching = true;
    const watcher = (async () => {
      while (watching) {
        const started = performance.now();
        await (await fetch(`${server.baseUrl}/api/v1/users/config`)).arrayBuffer();
        configTimes.push(performance.now() - started);
        await new Promise((r) => setTimeout(r, 50));
      }
    })();

    // Every guest logs in and opens their invitation first (as many browsers would, before the moment
    // measured): the acceptances are then sent as a burst, PARALLEL_ACCEPTS at a time, and the clock runs
    // from the first acceptance until the provider holds every membership.
    /** @type {{ guest: Session, hash: string, id: unknown }[]} */
    const guests = [];
    const loginsStarted = performance.now();
    await pool(emails, PARALLEL_ACCEPTS, async (email) => {
      const guest = new Session(server.baseUrl);
      await guest.login(email);
      const hash = String(new URL(links.get(email)).searchParams.get('hash'));
      const invitation = await guest.fetch(`/api/v1/invitations/public?hash=${encodeURIComponent(hash)}`);
      const { id } = await invitation.json();
      await guest.csrf();
      guests.push({ guest, hash, id });
    });
    result.loginsMs = Math.round(performance.now() - loginsStarted);

    /** Each acceptance's own answer time (the POST invitations/accept). */
    /** @type {number[]} */
    const acceptTimes = [];
    const cpu = cpuReader({ pid: server.pid, postgres: false });
    const cpuBefore = cpu?.();
    const started = performance.now();
    let acceptedAt = 0;
    await pool(guests, PARALLEL_ACCEPTS, async ({ guest, hash, id }) => {
      const acceptStarted = performance.now();
      const accepted = await guest.api('POST', 'invitations/accept', { hash, invitationId: id });
      acceptTimes.push(performance.now() - acceptStarted);
      if (accepted.status !== 201)
        throw new Error(`accept: ${accepted.status} ${JSON.stringify(accepted.body)}`);
    });
    acceptedAt = performance.now();
    // The users the provider had made when the last acceptance was answered: what was left to deliver then.
    result.usersAtLastAcceptance = scim.userCount('bench');
    const deadline = Date.now() + 600_000;
    for (;;) {
      // The group's size only: a snapshot every 20 ms copied every user, in the process the provider runs in.
      const held = scim.groupSize('bench', role.name) ?? 0;
      if (held >= ACCEPTANCES) break;
      if (Date.now() > deadline)
        throw new Error(`the provider holds ${held} of ${ACCEPTANCES} memberships after 10 minutes`);
      await new Promise((r) => setTimeout(r, 20));
    }
    const deliveredAt = performance.now();
    const cpuAfter = cpu?.();
    watching = false;
    await watcher;
    const requests = scim.requests('bench');
    result.acceptMs = Math.round(acceptedAt - started);
    result.allHeldMs = Math.round(deliveredAt - started);
    result.lagAfterLastAcceptMs = Math.round(deliveredAt - acceptedAt);
    result.membershipsPerSecond = Math.round((ACCEPTANCES / (deliveredAt - started)) * 1000);
    if (cpuBefore && cpuAfter) {
      // The server's CPU (with its PGlite thread) and this process's (the guests and the SCIM provider),
      // per membership, from the first acceptance until the provider held them all: steadier than times.
      result.serverCpuMsPerMembership =
        Math.round(((cpuAfter.server - cpuBefore.server) / ACCEPTANCES) * 100) / 100;
      result.benchCpuMsPerMembership =
        Math.round(((cpuAfter.generator - cpuBefore.generator) / ACCEPTANCES) * 100) / 100;
    }
    result.scimRequests = requests;
    result.scimRequestsPerSecond = Math.round(
      (Object.values(requests).reduce((a, b) => a + Number(b), 0) / (deliveredAt - started)) * 1000,
    );
    const sortedAccepts = [...acceptTimes].sort((a, b) => a - b);
    result.acceptP95Ms =
      Math.round(
        sortedAccepts[Math.min(sortedAccepts.length - 1, Math.floor(sortedAccepts.length * 0.95))] * 10,
      ) / 10;
    result.acceptMedianMs = Math.round(median(acceptTimes) * 10) / 10;
    result.usersConfig = {
      calls: configTimes.length,
      slowestMs: Math.round(Math.max(...configTimes)),
      medianMs: Math.round(median(configTimes) * 10) / 10,
      targetMs: 250,
    };

    if (!remoteCalls) return result;
    // voot and attribute aggregation on the performance seed, against the floor.
    const seeded = await admin.api('PUT', 'system/performance-seed', undefined);
    if (seeded.status >= 300) throw new Error(`performance seed: ${seeded.status}`);
    const sub = encodeURIComponent('urn:collab:person:perf.example.org:2');
    const generator = startLoadProcess();
    try {
      const load = (/** @type {string} */ url, /** @type {Record<string, string>} */ headers) =>
        generator.run({
          url: `${server.baseUrl}${url}`,
          headers,
          total: 4000,
          concurrency: 32,
          warmup: 2000,
        });
      /** @param {string} url @param {Record<string, string>} headers */
      const paired = async (url, headers) => {
        const rounds = [];
        for (let i = 0; i < 3; i += 1) {
          const floor = await load('/bench/floor', { accept: 'application/json' });
          const run = await load(url, { accept: 'application/json', ...headers });
          rounds.push({ floor, run, ratio: run.p95 / floor.p95 });
        }
        const byRatio = [...rounds].sort((a, b) => a.ratio - b.ratio);
        const mid = byRatio[1];
        return { ...mid.run, floorP95: mid.floor.p95, ratio: Math.round(mid.ratio * 100) / 100, target: 2 };
      };
      result.voot = await paired(`/api/external/v1/voot/${sub}`, { authorization: basic(REMOTE_USERS[0]) });
      result.aa = await paired(
        `/api/external/v1/aa/${sub}?SPentityID=${encodeURIComponent('https://wiki.uni-harderwijk.example.org')}`,
        { authorization: basic(REMOTE_USERS[1]) },
      );
    } finally {
      await generator.close();
    }
  } finally {
    await server.stop();
    await target.close();
  }
  return result;
}
