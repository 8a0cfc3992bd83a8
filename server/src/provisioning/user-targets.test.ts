/**
 * eVA and Microsoft Graph provisioning (issue 54 item 5) against the development services, reached over
 * HTTP on a server of their own: an eVA guest account made when a guest accepts an invitation to a role on
 * an eVA-provisioned application and disabled when their last such membership goes, a 500 retried; a Graph
 * token and invitation, its redeem link kept and shown to the guest, the return marking it redeemed (and
 * refusing another person or an unknown provisioning); no secret in an answer, a log line or an audit row.
 */
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  createDevEvaService,
  DEV_EVA_TOKEN,
  devEvaPlugin,
  type DevEvaService,
} from '../dev/eva/dev-eva.plugin.js';
import {
  createDevGraphService,
  DEV_GRAPH_CLIENT,
  devGraphPlugin,
  type DevGraphService,
} from '../dev/graph/dev-graph.plugin.js';
import { DEFAULT_REGISTRY_DIR, fileRegistry } from '../registry/file-registry.js';
import {
  addMember,
  addUser,
  apiApp,
  call,
  insertRole,
  loginPersonas,
  type Sessions,
} from '../test/api-kit.js';
import { loginAs } from '../test/helper.js';

const EVA_TOKEN = 'eva-token-do-not-show';

let services: FastifyInstance;
let eva: DevEvaService;
let graph: DevGraphService;
let base: string;
let dir: string;
let app: FastifyInstance;
let s: Sessions;
const logLines: string[] = [];

function provisioning(id: string, type: string, apps: string[], fields: Record<string, unknown>) {
  return {
    id,
    type: 'provisioning',
    data: {
      entityid: `https://${id}.example.org`,
      metaDataFields: { provisioning_type: type, 'name:en': id, 'name:nl': id, ...fields },
      applications: apps.map((a) => ({ id: a, type: 'saml20_sp' })),
    },
  };
}

async function invite(role: number, hash: string, email: string): Promise<void> {
  const { rows } = await app.db.query<{ id: string }>(
    `INSERT INTO invitations (hash, email, intended_authority, expiry_date)
     VALUES ($1, $2, 'GUEST', now() + interval '5 days') RETURNING id`,
    [hash, email],
  );
  await app.db.query('INSERT INTO invitation_roles (invitation_id, role_id) VALUES ($1, $2)', [
    rows[0]!.id,
    role,
  ]);
}

const failures = async () =>
  (
    await app.db.query<{ target: string; status: string; last_status: number | null }>(
      'SELECT target, status, last_status FROM provisioning_queue ORDER BY id',
    )
  ).rows;

beforeAll(async () => {
  eva = createDevEvaService();
  graph = createDevGraphService();
  services = Fastify();
  await services.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(services.server.address() as AddressInfo).port}`;
  await services.close();
  // Listening first to learn the port, then again on it with the services (their redeem links name it).
  services = Fastify();
  await services.register(devEvaPlugin, { token: EVA_TOKEN, service: eva });
  await services.register(devGraphPlugin, { publicUrl: base, service: graph });
  await services.listen({ port: Number(new URL(base).port), host: '127.0.0.1' });

  dir = await mkdtemp(path.join(tmpdir(), 'registry-'));
  await mkdir(path.join(dir, 'logos'));
  for (const file of ['applications.json', 'identity-providers.json']) {
    await writeFile(path.join(dir, file), await readFile(path.join(DEFAULT_REGISTRY_DIR, file)));
  }
  await writeFile(
    path.join(dir, 'provisionings.json'),
    JSON.stringify([
      provisioning('prov-eva', 'eva', ['app-rooster'], {
        eva_url: `${base}/dev-eva`,
        eva_token: EVA_TOKEN,
        eva_guest_account_duration: 10,
      }),
      provisioning('prov-graph', 'graph', ['app-datavault'], {
        graph_url: `${base}/dev-graph/v1.0`,
        graph_client_id: DEV_GRAPH_CLIENT.clientId,
        graph_secret: DEV_GRAPH_CLIENT.secret,
        graph_tenant: 'noorderlicht',
      }),
    ]),
  );
  app = await apiApp({
    registry: fileRegistry(dir),
    env: {
      PROVISIONING_RETRY_BASE: '50ms',
      PROVISIONING_RETRY_MAX: '200ms',
      PROVISIONING_TIMEOUT: '2s',
      GRAPH_LOGIN_URL: `${base}/dev-graph/login`,
    },
    logger: { level: 'debug', stream: { write: (line: string) => void logLines.push(line) } },
  });
  s = await loginPersonas(app);
});

afterAll(async () => {
  await app?.close();
  await services?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('eVA', () => {
  let role: number;
  let guest: Awaited<ReturnType<typeof loginAs>>;

  it('makes a guest account when a guest accepts an invitation to a role on an eVA-provisioned application', async () => {
    role = await insertRole(app, 'Timetable Guests', ['app-rooster']);
    guest = await loginAs(app, 'eva.guest@example.org');
    await invite(role, 'eva-hash', 'eva.guest@example.org');
    const res = await call(app, guest, 'POST', '/api/v1/invitations/accept', { hash: 'eva-hash' });
    expect(res.statusCode).toBe(201);
    await app.provisioning.drain();

    const accounts = eva.accounts();
    expect(accounts).toHaveLength(1);
    const account = accounts[0]!;
    expect(account).toEqual(
      expect.objectContaining({ email: 'eva.guest@example.org', disabled: false, preferredLanguage: 'en' }),
    );
    // dateTill is eva_guest_account_duration (10) days after dateFrom.
    expect((Date.parse(account.dateTill) - Date.parse(account.dateFrom)) / 86_400_000).toBe(10);
    const { rows } = await app.db.query<{ remote_id: string }>(
      "SELECT remote_id FROM scim_resources WHERE target = 'prov-eva' AND kind = 'user' AND local_id = $1",
      [guest.userId],
    );
    expect(rows.map((r) => r.remote_id)).toEqual([account.id]);
    expect(eva.calls()).toEqual(expect.objectContaining({ create: 1 }));
    expect(eva.calls().refused).toBeUndefined();
  });

  it('sends nothing again while nothing changed, and updates the account (with its id) when the name does', async () => {
    await app.provisioning.drain();
    expect(eva.calls().update).toBeUndefined();
    await app.db.query("UPDATE users SET name = 'Eva Renamed' WHERE id = $1", [guest.userId]);
    await app.provisioning.drain();
    expect(eva.calls().update).toBe(1);
    expect(eva.accounts()).toEqual([expect.objectContaining({ name: 'Eva Renamed', disabled: false })]);
  });

  it('keeps the account while another eVA membership remains, and disables it when the last one goes', async () => {
    const second = await insertRole(app, 'Timetable Readers', ['app-rooster']);
    const other = await addMember(app, guest.userId, second, 'GUEST');
    await app.db.query('DELETE FROM user_roles WHERE role_id = $1', [role]);
    await app.provisioning.drain();
    expect(eva.accounts()[0]!.disabled).toBe(false);
    await app.db.query('DELETE FROM user_roles WHERE id = $1', [other]);
    await app.provisioning.drain();
    expect(eva.accounts()[0]!.disabled).toBe(true);
    expect(eva.calls().disable).toBe(1);
    const { rows } = await app.db.query(
      "SELECT 1 FROM scim_resources WHERE target = 'prov-eva' AND local_id = $1",
      [guest.userId],
    );
    expect(rows).toHaveLength(0);
  });

  it('tries again after a 500 from the service, shown as waiting with the answer, then delivers', async () => {
    const role2 = await insertRole(app, 'Timetable Retry', ['app-rooster']);
    const bob = await addUser(app, 'bob.eva@example.org');
    eva.failNext(1);
    await addMember(app, bob, role2, 'GUEST');
    await app.provisioning.drain();
    expect(await failures()).toEqual([{ target: 'prov-eva', status: 'waiting', last_status: 500 }]);
    const tab = (await call(app, s.admin, 'GET', '/api/v1/system/provisioning')).json();
    expect(tab.content).toEqual([
      expect.objectContaining({ target: 'prov-eva', status: 'waiting', attempts: 1, lastStatus: 500 }),
    ]);
    expect(tab.targets).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: 'prov-eva', protocol: 'eva', waiting: 1, groups: false }),
      ]),
    );
    // Once the backoff (50 ms) ran out, the next round delivers it.
    await app.db.query("UPDATE provisioning_queue SET next_attempt_at = now() WHERE target = 'prov-eva'");
    await app.provisioning.drain();
    expect(await failures()).toEqual([]);
    expect(eva.accounts().map((a) => a.email)).toContain('bob.eva@example.org');
  });
});

describe('Microsoft Graph', () => {
  let role: number;
  let guest: Awaited<ReturnType<typeof loginAs>>;
  let redeemUrl: string;

  it('gets a token and invites a guest who accepted a role on a Graph-provisioned application; the redeem link is kept', async () => {
    role = await insertRole(app, 'Data Vault Guests', ['app-datavault']);
    guest = await loginAs(app, 'graph.guest@example.org');
    await invite(role, 'graph-hash', 'graph.guest@example.org');
    expect(
      (await call(app, guest, 'POST', '/api/v1/invitations/accept', { hash: 'graph-hash' })).statusCode,
    ).toBe(201);
    // Until the invitation is made at Graph, the guest's link is pending (no URL yet).
    expect((await call(app, guest, 'GET', '/api/v1/users/ms-redeem-links')).json()).toEqual([
      expect.objectContaining({ target: 'prov-graph', redeemUrl: null, redeemed: false }),
    ]);
    await app.provisioning.drain();
    expect(graph.calls()).toEqual(expect.objectContaining({ token: 1, invitation: 1 }));
    const [invitation] = graph.invitations();
    expect(invitation).toEqual(
      expect.objectContaining({
        tenant: 'noorderlicht',
        email: 'graph.guest@example.org',
        redirectUrl: `http://localhost:8080/api/v1/users/ms-accept-return/prov-graph/${guest.userId}`,
        redeemed: false,
      }),
    );
    const links = (await call(app, guest, 'GET', '/api/v1/users/ms-redeem-links')).json();
    expect(links).toEqual([
      expect.objectContaining({ target: 'prov-graph', redeemed: false, redeemUrl: expect.any(String) }),
    ]);
    redeemUrl = links[0].redeemUrl;
    expect(redeemUrl).toBe(`${base}/dev-graph/redeem/${invitation!.id}`);
    const { rows } = await app.db.query<{ remote_id: string }>(
      "SELECT remote_id FROM scim_resources WHERE target = 'prov-graph' AND local_id = $1",
      [guest.userId],
    );
    expect(rows.map((r) => r.remote_id)).toEqual([invitation!.userId]);
    // Another person has no link of theirs.
    expect((await call(app, s.manager, 'GET', '/api/v1/users/ms-redeem-links')).json()).toEqual([]);
  });

  it('refuses a return for another person or an unknown provisioning (404), and changes nothing', async () => {
    const other = await call(
      app,
      s.manager,
      'GET',
      `/api/v1/users/ms-accept-return/prov-graph/${guest.userId}`,
    );
    expect(other.statusCode).toBe(404);
    const unknown = await call(app, guest, 'GET', `/api/v1/users/ms-accept-return/prov-nope/${guest.userId}`);
    expect(unknown.statusCode).toBe(404);
    const eva = await call(app, guest, 'GET', `/api/v1/users/ms-accept-return/prov-eva/${guest.userId}`);
    expect(eva.statusCode).toBe(404);
    const bad = await call(app, guest, 'GET', '/api/v1/users/ms-accept-return/prov-graph/not-a-number');
    expect(bad.statusCode).toBe(400);
    const anonymous = await call(
      app,
      null,
      'GET',
      `/api/v1/users/ms-accept-return/prov-graph/${guest.userId}`,
    );
    expect(anonymous.statusCode).toBe(401);
    expect((await call(app, guest, 'GET', '/api/v1/users/ms-redeem-links')).json()[0].redeemed).toBe(false);
  });

  it('follows the redeem link to the return, which marks it redeemed and sends the guest to the portal', async () => {
    const accepted = await fetch(`${redeemUrl}/accept`, { redirect: 'manual' });
    expect(accepted.status).toBe(302);
    const back = new URL(accepted.headers.get('location')!);
    const res = await call(app, guest, 'GET', back.pathname);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/');
    expect((await call(app, guest, 'GET', '/api/v1/users/ms-redeem-links')).json()).toEqual([
      expect.objectContaining({ target: 'prov-graph', redeemed: true }),
    ]);
    expect(graph.invitations()[0]!.redeemed).toBe(true);
  });

  it('deletes the guest at Graph when their last membership there goes', async () => {
    await app.db.query('DELETE FROM user_roles WHERE role_id = $1', [role]);
    await app.provisioning.drain();
    expect(graph.calls().delete).toBe(1);
    // The token of the invitation served the delete too (kept until shortly before it expires).
    expect(graph.calls().token).toBe(1);
    expect(graph.invitations()[0]!.deleted).toBe(true);
    expect((await call(app, guest, 'GET', '/api/v1/users/ms-redeem-links')).json()).toEqual([]);
  });

  it('gets a fresh token when Graph refuses the one kept (401), within the same delivery', async () => {
    const before = graph.calls().token ?? 0;
    graph.revokeTokens();
    const dora = await addUser(app, 'dora.graph@example.org');
    await addMember(app, dora, await insertRole(app, 'Data Vault Fresh', ['app-datavault']), 'GUEST');
    await app.provisioning.drain();
    expect(graph.calls().token).toBe(before + 1);
    expect(graph.invitations().map((i) => i.email)).toContain('dora.graph@example.org');
    expect(await failures()).toEqual([]);
  });

  it('tries again after a 500 from Graph', async () => {
    const carl = await addUser(app, 'carl.graph@example.org');
    const role2 = await insertRole(app, 'Data Vault Retry', ['app-datavault']);
    graph.failNext(1);
    await addMember(app, carl, role2, 'GUEST');
    await app.provisioning.drain();
    expect(await failures()).toEqual([{ target: 'prov-graph', status: 'waiting', last_status: 500 }]);
    await app.db.query("UPDATE provisioning_queue SET next_attempt_at = now() WHERE target = 'prov-graph'");
    await app.provisioning.drain();
    expect(await failures()).toEqual([]);
    expect(graph.invitations().map((i) => i.email)).toContain('carl.graph@example.org');
  });
});

describe('the development services inside the server', () => {
  it('are served at /dev-eva and /dev-graph with the development SCIM service, and not without it', async () => {
    const dev = await apiApp({ env: { DEV_SCIM: 'true' } });
    const plain = await apiApp({});
    try {
      for (const [url, title] of [
        ['/dev-eva', 'Development eVA service'],
        ['/dev-graph', 'Development Microsoft Graph'],
      ] as const) {
        const res = await dev.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(200);
        expect(res.body).toContain(`<h1>${title}</h1>`);
        // Without them the path is the console's (its not-found or single-page fallback), not the service.
        expect((await plain.inject({ method: 'GET', url })).body).not.toContain(title);
        expect(
          (await plain.inject({ method: 'POST', url: `${url}/api/v1/guest/create`, payload: {} })).statusCode,
        ).toBe(404);
      }
      // A wrong key is refused and makes nothing.
      const refused = await dev.inject({
        method: 'POST',
        url: '/dev-eva/api/v1/guest/create',
        headers: { 'x-api-key': 'wrong', 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'name=a&email=a%40example.org',
      });
      expect(refused.statusCode).toBe(401);
      // The key is checked before the form is read: a wrong key with a form eVA cannot read is still a 401.
      const refusedFirst = await dev.inject({
        method: 'POST',
        url: '/dev-eva/api/v1/guest/create',
        headers: { 'x-api-key': 'wrong', 'content-type': 'application/json' },
        payload: '[1,2]',
      });
      expect(refusedFirst.statusCode).toBe(401);
      // With the right key, a form without its fields is a 400 naming them, and makes nothing.
      const incomplete = await dev.inject({
        method: 'POST',
        url: '/dev-eva/api/v1/guest/create',
        headers: { 'x-api-key': DEV_EVA_TOKEN, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'name=a&email=a%40example.org',
      });
      expect(incomplete.statusCode).toBe(400);
      expect(incomplete.json().error).toBe(
        'missing: dateFrom, dateTill, notifyByEmail, notifyBySms, preferredLanguage',
      );
      expect((await dev.inject({ method: 'GET', url: '/dev-eva' })).body).toContain('No guest accounts yet');

      // Graph: a token only for our client's credentials; an invitation only with a token, checked before
      // its body, and a body without its fields is Graph's 400.
      const tokenUrl = '/dev-graph/login/tenant-a/oauth2/v2.0/token';
      const form = { 'content-type': 'application/x-www-form-urlencoded' };
      const wrongSecret = await dev.inject({
        method: 'POST',
        url: tokenUrl,
        headers: form,
        payload: `grant_type=client_credentials&client_id=${DEV_GRAPH_CLIENT.clientId}&client_secret=nope`,
      });
      expect(wrongSecret.statusCode).toBe(401);
      const granted = await dev.inject({
        method: 'POST',
        url: tokenUrl,
        headers: form,
        payload: `grant_type=client_credentials&client_id=${DEV_GRAPH_CLIENT.clientId}&client_secret=${DEV_GRAPH_CLIENT.secret}`,
      });
      expect(granted.statusCode).toBe(200);
      const bearer = { authorization: `Bearer ${granted.json().access_token}` };
      const invitations = '/dev-graph/v1.0/invitations';
      const unsigned = await dev.inject({ method: 'POST', url: invitations, payload: [1, 2] });
      expect(unsigned.statusCode).toBe(401);
      expect(unsigned.json().error.code).toBe('InvalidAuthenticationToken');
      const withoutFields = await dev.inject({
        method: 'POST',
        url: invitations,
        headers: bearer,
        payload: {},
      });
      expect(withoutFields.statusCode).toBe(400);
      expect(withoutFields.json().error.code).toBe('BadRequest');
      const made = await dev.inject({
        method: 'POST',
        url: invitations,
        headers: bearer,
        payload: {
          invitedUserEmailAddress: 'e@example.org',
          inviteRedirectUrl: 'https://portal.example/back',
        },
      });
      expect(made.statusCode).toBe(201);
      expect(made.json()).toMatchObject({
        invitedUserEmailAddress: 'e@example.org',
        sendInvitationMessage: false,
      });
    } finally {
      await dev.close();
      await plain.close();
    }
  });
});

describe('secrets', () => {
  it('are in no answer, log line or audit row', async () => {
    const answers = [
      await call(app, s.admin, 'GET', '/api/v1/system/provisioning'),
      await call(app, s.admin, 'GET', '/api/v1/system/registry'),
    ].map((r) => r.body);
    const { rows } = await app.db.query<{ row: string }>(
      'SELECT row_to_json(a)::text AS row FROM audit_logs a',
    );
    const queue = await app.db.query<{ row: string }>(
      'SELECT row_to_json(q)::text AS row FROM provisioning_queue q',
    );
    const everything = [
      ...answers,
      ...logLines,
      ...rows.map((r) => r.row),
      ...queue.rows.map((r) => r.row),
    ].join('\n');
    expect(logLines.length).toBeGreaterThan(0);
    expect(everything).toContain('prov-eva');
    for (const secret of [EVA_TOKEN, DEV_GRAPH_CLIENT.secret]) expect(everything).not.toContain(secret);
    // Nor the Graph tokens the service handed out.
    expect(everything).not.toMatch(/Bearer [A-Za-z0-9_-]{20,}/);
  });
});
