import type { FastifyInstance } from 'fastify';
import type { OutgoingMail } from '../../domain/outgoing-mail.js';
import { runCleanup } from '../../jobs/cleanup.job.js';
import {
  addMember,
  apiApp,
  call,
  count,
  insertRole,
  loginPersonas,
  type Sessions,
} from '../../test/api-kit.js';
import { loginAs } from '../../test/helper.js';
import { ext, makeToken } from './external-test-kit.js';

let app: FastifyInstance;
let s: Sessions;
const mails: OutgoingMail[] = [];
let superToken: string;
let orgToken: string;
let orgTokenId: number;
let wiki: number; // on app-wiki, Harderwijk's (the institution admin's organisation)
let rooster: number; // on app-rooster, another organisation's

beforeAll(async () => {
  app = await apiApp({ mailer: { send: async (mail) => void mails.push(mail) } });
  s = await loginPersonas(app);
  wiki = await insertRole(app, 'Wiki Editors', ['app-wiki']);
  rooster = await insertRole(app, 'Rooster Planners', ['app-rooster']);
  superToken = (await makeToken(app, s.admin, 'Nightly sync')).secret;
  const org = await makeToken(app, s.institutionAdmin, 'HR system');
  orgToken = org.secret;
  orgTokenId = org.id;
});
afterAll(() => app.close());

const invite = (roleId: number, invites: string[], extra: Record<string, unknown> = {}) => ({
  intendedAuthority: 'GUEST',
  invites,
  roleIdentifiers: [roleId],
  ...extra,
});

describe('POST /api/external/v1/invitations', () => {
  it('answers the accept links and sends no mail with suppressSendingEmails; the links open the invitations', async () => {
    mails.length = 0;
    const res = await ext(
      app,
      orgToken,
      'POST',
      '/invitations',
      invite(wiki, ['a@example.edu', 'b@example.edu'], { suppressSendingEmails: true }),
    );
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.status).toBe(201);
    expect(body.invitationIdentifiers).toHaveLength(2);
    expect(body.recipientInvitationURLs.map((r: { recipient: string }) => r.recipient)).toEqual([
      'a@example.edu',
      'b@example.edu',
    ]);
    expect(mails).toHaveLength(0);
    const hash = new URL(body.recipientInvitationURLs[0].invitationURL).searchParams.get('hash') as string;
    const opened = await call(
      app,
      null,
      'GET',
      `/api/v1/invitations/public?hash=${encodeURIComponent(hash)}`,
    );
    expect(opened.statusCode).toBe(200);
    expect(opened.json().email).toBe('a@example.edu');
    // The token is the actor of the audit trail, and the inviter of record.
    const audit = await app.db.query<{ actor_name: string; api_token_id: string }>(
      "SELECT actor_name, api_token_id FROM audit_logs WHERE entity_type = 'invitation' AND entity_id = $1",
      [body.invitationIdentifiers[0]],
    );
    expect(audit.rows).toEqual([
      { actor_name: `API token ${orgTokenId} (HR system)`, api_token_id: orgTokenId },
    ]);
    // And the console's audit trail names the token.
    const trail = await call(
      app,
      s.admin,
      'GET',
      `/api/v1/audit-logs/invitation/${body.invitationIdentifiers[0]}`,
    );
    expect(trail.json().content[0]).toEqual(
      expect.objectContaining({ apiTokenId: orgTokenId, actorName: `API token ${orgTokenId} (HR system)` }),
    );
    const stored = await app.db.query('SELECT inviter_id, remote_api_user FROM invitations WHERE id = $1', [
      body.invitationIdentifiers[0],
    ]);
    expect(stored.rows).toEqual([
      { inviter_id: null, remote_api_user: `API token ${orgTokenId} (HR system)` },
    ]);
  });

  it('mails each invitee without suppressSendingEmails', async () => {
    mails.length = 0;
    const res = await ext(app, superToken, 'POST', '/invitations', invite(rooster, ['c@example.edu']));
    expect(res.statusCode).toBe(201);
    expect(mails.map((m) => m.to)).toEqual(['c@example.edu']);
  });

  it("refuses an organisation token another organisation's role, and calls without a token", async () => {
    const other = await ext(app, orgToken, 'POST', '/invitations', invite(rooster, ['d@example.edu']));
    expect(other.statusCode).toBe(403);
    expect(other.headers['content-type']).toContain('application/problem+json');
    expect(other.json()).toEqual(
      expect.objectContaining({ status: 403, title: 'Forbidden', type: 'about:blank' }),
    );
    const none = await ext(app, null, 'POST', '/invitations', invite(wiki, ['d@example.edu']));
    expect(none.statusCode).toBe(401);
    expect(none.json().detail).toMatch(/X-API-TOKEN/);
    // A session does not open the external API.
    const session = await app.inject({
      method: 'POST',
      url: '/api/external/v1/invitations',
      headers: s.admin.headers,
      payload: invite(wiki, ['d@example.edu']),
    });
    expect(session.statusCode).toBe(401);
  });
});

describe('Idempotency-Key', () => {
  it('answers the first answer again for the same key and body, writes and mails nothing more; 422 for another body', async () => {
    mails.length = 0;
    const key = 'f7b1c1c2-1111-4b6a-9d7e-000000000001';
    const body = invite(wiki, ['idem@example.edu']);
    const first = await ext(app, orgToken, 'POST', '/invitations', body, { 'idempotency-key': key });
    expect(first.statusCode).toBe(201);
    const again = await ext(
      app,
      orgToken,
      'POST',
      '/invitations',
      { roleIdentifiers: [wiki], invites: ['idem@example.edu'], intendedAuthority: 'GUEST' },
      { 'idempotency-key': key },
    );
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(mails).toHaveLength(1);
    const rows = await app.db.query("SELECT id FROM invitations WHERE email = 'idem@example.edu'");
    expect(rows.rows).toHaveLength(1);
    const other = await ext(app, orgToken, 'POST', '/invitations', invite(wiki, ['other@example.edu']), {
      'idempotency-key': key,
    });
    expect(other.statusCode).toBe(422);
    // Another token's key of the same text is its own.
    const theirs = await ext(app, superToken, 'POST', '/invitations', invite(wiki, ['other@example.edu']), {
      'idempotency-key': key,
    });
    expect(theirs.statusCode).toBe(201);
  });

  it('runs two simultaneous requests with one key once', async () => {
    mails.length = 0;
    const key = 'f7b1c1c2-1111-4b6a-9d7e-000000000003';
    const body = invite(wiki, ['twice@example.edu']);
    const answers = await Promise.all([
      ext(app, orgToken, 'POST', '/invitations', body, { 'idempotency-key': key }),
      ext(app, orgToken, 'POST', '/invitations', body, { 'idempotency-key': key }),
    ]);
    const statuses = answers.map((a) => a.statusCode).sort();
    // The second either waits for nothing and is told to retry (409), or finds the first one's answer.
    expect([
      [201, 201],
      [201, 409],
    ]).toContainEqual(statuses);
    expect(
      (await app.db.query("SELECT id FROM invitations WHERE email = 'twice@example.edu'")).rows,
    ).toHaveLength(1);
    expect(mails).toHaveLength(1);
  });

  it('forgets keys after 24 hours: the cleanup removes them, and an old key is new again', async () => {
    const key = 'f7b1c1c2-1111-4b6a-9d7e-000000000004';
    const first = await ext(app, orgToken, 'POST', '/invitations', invite(wiki, ['old@example.edu']), {
      'idempotency-key': key,
    });
    expect(first.statusCode).toBe(201);
    await app.db.query(
      "UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE key = $1",
      [key],
    );
    const later = await ext(app, orgToken, 'POST', '/invitations', invite(wiki, ['other.old@example.edu']), {
      'idempotency-key': key,
    });
    expect(later.statusCode).toBe(201);
    expect(later.json().invitationIdentifiers).not.toEqual(first.json().invitationIdentifiers);
    await app.db.query(
      "UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE key = $1",
      [key],
    );
    await runCleanup(app.db);
    expect((await app.db.query('SELECT 1 FROM idempotency_keys WHERE key = $1', [key])).rows).toHaveLength(0);
  });

  it('lets a failed request be retried with its key', async () => {
    const key = 'f7b1c1c2-1111-4b6a-9d7e-000000000002';
    const bad = await ext(app, orgToken, 'POST', '/invitations', invite(rooster, ['retry@example.edu']), {
      'idempotency-key': key,
    });
    expect(bad.statusCode).toBe(403);
    const retry = await ext(app, orgToken, 'POST', '/invitations', invite(rooster, ['retry@example.edu']), {
      'idempotency-key': key,
    });
    expect(retry.statusCode).toBe(403);
    expect((await app.db.query('SELECT 1 FROM idempotency_keys WHERE key = $1', [key])).rows).toHaveLength(0);
  });
});

describe('resend, revoke and list', () => {
  it("resends and revokes within reach, refuses beyond it, and lists a role's open invitations", async () => {
    const created = (
      await ext(
        app,
        superToken,
        'POST',
        '/invitations',
        invite(rooster, ['e@example.edu', 'f@example.edu'], { suppressSendingEmails: true }),
      )
    ).json();
    const [e, f] = created.invitationIdentifiers;
    expect((await ext(app, orgToken, 'PUT', `/invitations/${e}`)).statusCode).toBe(403);
    expect((await ext(app, orgToken, 'DELETE', `/invitations/${e}`)).statusCode).toBe(403);
    expect((await ext(app, null, 'PUT', `/invitations/${e}`)).statusCode).toBe(401);
    mails.length = 0;
    const resent = await ext(app, superToken, 'PUT', `/invitations/${e}`);
    expect(resent.statusCode).toBe(200);
    expect(mails.map((m) => m.to)).toEqual(['e@example.edu']);
    expect((await ext(app, null, 'DELETE', `/invitations/${f}`)).statusCode).toBe(401);
    expect((await ext(app, superToken, 'DELETE', `/invitations/${f}`)).statusCode).toBe(204);
    expect((await ext(app, superToken, 'DELETE', `/invitations/${f}`)).statusCode).toBe(404);
    const listed = await ext(app, superToken, 'GET', `/invitations/roles/${rooster}`);
    expect(listed.statusCode).toBe(200);
    const emails = listed.json().map((i: { email: string }) => i.email);
    expect(emails).toContain('e@example.edu');
    expect(emails).not.toContain('f@example.edu');
    expect((await ext(app, orgToken, 'GET', `/invitations/roles/${rooster}`)).statusCode).toBe(403);
    expect((await ext(app, orgToken, 'GET', `/invitations/roles/${wiki}`)).statusCode).toBe(200);
    expect((await ext(app, null, 'GET', `/invitations/roles/${wiki}`)).statusCode).toBe(401);
    const own = (
      await ext(
        app,
        orgToken,
        'POST',
        '/invitations',
        invite(wiki, ['g@example.edu'], { suppressSendingEmails: true }),
      )
    ).json();
    expect((await ext(app, orgToken, 'PUT', `/invitations/${own.invitationIdentifiers[0]}`)).statusCode).toBe(
      200,
    );
    expect(
      (await ext(app, orgToken, 'DELETE', `/invitations/${own.invitationIdentifiers[0]}`)).statusCode,
    ).toBe(204);
  });
});

describe("the token's reach", () => {
  it("gives a member's token (no organisation) the roles its owner holds as inviter or above, and no more", async () => {
    const owner = await loginAs(app, 'member.token.owner@example.org');
    const gitlab = await insertRole(app, 'GitLab Developers', ['app-gitlab']);
    const membership = await addMember(app, owner.userId, gitlab, 'MANAGER');
    await addMember(app, owner.userId, wiki, 'GUEST');
    const member = await makeToken(app, owner, 'Manager script');
    const listed = await ext(app, member.secret, 'GET', '/roles');
    expect(listed.statusCode).toBe(200);
    expect(listed.json().content.map((r: { name: string }) => r.name)).toEqual(['GitLab Developers']);
    const invited = await ext(
      app,
      member.secret,
      'POST',
      '/invitations',
      invite(gitlab, ['m@example.edu'], { suppressSendingEmails: true }),
    );
    expect(invited.statusCode).toBe(201);
    // A role it holds only as a guest, and one it does not hold: refused, nothing written.
    const before = await count(app, 'invitations');
    for (const role of [wiki, rooster]) {
      const refused = await ext(
        app,
        member.secret,
        'POST',
        '/invitations',
        invite(role, ['n@example.edu'], { suppressSendingEmails: true }),
      );
      expect(refused.statusCode).toBe(403);
    }
    expect(await count(app, 'invitations')).toBe(before);
    // The owner's memberships are read afresh: without a role as inviter or above the token reaches nothing.
    await app.db.query('DELETE FROM user_roles WHERE id = $1', [membership]);
    const lost = await ext(app, member.secret, 'GET', '/roles');
    expect(lost.statusCode).toBe(403);
    expect(lost.json().detail).toMatch(/no longer holds a role as inviter or above/);
  });

  it('stops a token whose owner lost the rights it was made with', async () => {
    const admin2 = await makeToken(app, s.admin, 'Temporary');
    await app.db.query('UPDATE users SET super_user = FALSE WHERE id = $1', [s.admin.userId]);
    try {
      const lost = await ext(app, admin2.secret, 'GET', '/roles');
      expect(lost.statusCode).toBe(403);
      expect(lost.json().detail).toMatch(/no longer a super user/);
    } finally {
      await app.db.query('UPDATE users SET super_user = TRUE WHERE id = $1', [s.admin.userId]);
    }
    expect((await ext(app, admin2.secret, 'GET', '/roles')).statusCode).toBe(200);
    expect((await ext(app, 'not-a-token', 'GET', '/roles')).statusCode).toBe(401);
    expect(
      (await ext(app, superToken, 'GET', '/roles', undefined, { 'x-impersonate-id': String(s.guest.userId) }))
        .statusCode,
    ).toBe(403);
  });
});
