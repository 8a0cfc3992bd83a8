import { jest } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { addMember, apiApp, call, insertRole, loginPersonas } from '../../test/api-kit.js';

async function inviteTwo(app: FastifyInstance, roleName = 'Wiki Editors'): Promise<void> {
  const s = await loginPersonas(app);
  const wiki = await insertRole(app, roleName, ['app-wiki']);
  await addMember(app, s.manager.userId, wiki, 'MANAGER');
  for (const invitee of ['first@example.com', 'second@example.com']) {
    const res = await call(app, s.manager, 'POST', '/api/v1/invitations', {
      intendedAuthority: 'GUEST',
      invites: [invitee],
      roleIdentifiers: [wiki],
    });
    expect(res.statusCode).toBe(201);
  }
}

describe('the development mailbox', () => {
  describe('with the development identity provider on', () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      app = await apiApp({ mailer: undefined });
      await inviteTwo(app);
    });
    afterAll(() => app.close());

    it('lists the outbox newest first, each mail linked', async () => {
      const res = await app.inject({ method: 'GET', url: '/dev-mailbox' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      const second = res.body.indexOf('second@example.com');
      const first = res.body.indexOf('first@example.com');
      expect(second).toBeGreaterThan(-1);
      expect(first).toBeGreaterThan(second);
      expect(res.body).toMatch(/href="\/dev-mailbox\/\d+">Max Manager invites you to the access portal</);
    });

    it('opens one mail with its HTML framed and its clickable accept link', async () => {
      const { rows } = await app.db.query<{ id: string }>(
        "SELECT id FROM outbox WHERE recipient = 'first@example.com'",
      );
      const hash = (
        await app.db.query<{ hash: string }>("SELECT hash FROM invitations WHERE email = 'first@example.com'")
      ).rows[0].hash;
      const res = await app.inject({ method: 'GET', url: `/dev-mailbox/${rows[0].id}` });
      expect(res.statusCode).toBe(200);
      const link = `http://localhost:8080/invitation/accept?hash=${hash}`;
      expect(res.body).toContain(`<a href="${link}">${link}</a>`);
      expect(res.body).toMatch(/<iframe[^>]+sandbox="[^"]*"[^>]+srcdoc="&lt;!DOCTYPE html&gt;/);
      expect((await app.inject({ method: 'GET', url: '/dev-mailbox/999999' })).statusCode).toBe(404);
    });

    it('has the log name each accept link', async () => {
      const info = jest.spyOn(app.log, 'info');
      await inviteTwo(app, 'Logged Role');
      const hashes = (
        await app.db.query<{ hash: string }>(
          "SELECT hash FROM invitations WHERE email = 'second@example.com' ORDER BY id",
        )
      ).rows.map((r) => r.hash);
      expect(info).toHaveBeenCalledWith(
        expect.objectContaining({
          to: 'second@example.com',
          acceptUrl: `http://localhost:8080/invitation/accept?hash=${hashes[hashes.length - 1]}`,
        }),
        'invitation accept link',
      );
      info.mockRestore();
    });

    it('is linked from the login page of the development identity provider', async () => {
      const { loginPage } = await import('../idp/login-page.js');
      expect(loginPage('abc')).toContain('<a href="/dev-mailbox">');
    });
  });

  it('does not exist when the development identity provider is off', async () => {
    const app = await apiApp({ mailer: undefined, config: { devIdp: false } });
    try {
      await inviteTwo(app);
      const res = await app.inject({ method: 'GET', url: '/dev-mailbox' });
      expect(res.body).not.toContain('first@example.com');
      expect(res.body).not.toContain('Development mailbox');
      const one = await app.inject({ method: 'GET', url: '/dev-mailbox/1' });
      expect(one.body).not.toContain('invitation/accept');
    } finally {
      await app.close();
    }
  });
});
