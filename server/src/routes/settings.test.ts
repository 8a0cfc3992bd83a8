// Settings instead of constants (issue 42, item 14): the eduID home organisation of the accept route and
// the system tab's window of memberships about to end.
import type { FastifyInstance } from 'fastify';
import { addMember, addUser, apiApp, call, DAY, insertRole, loginPersonas } from '../test/api-kit.js';

const days = (n: number) => new Date(Date.now() + n * DAY * 1000);

async function eduIdOnlyInvitation(app: FastifyInstance, role: number, hash: string): Promise<void> {
  const { rows } = await app.db.query<{ id: string }>(
    `INSERT INTO invitations (hash, email, intended_authority, edu_id_only, expiry_date)
     VALUES ($1, 'anyone@example.org', 'GUEST', true, now() + interval '5 days') RETURNING id`,
    [hash],
  );
  await app.db.query('INSERT INTO invitation_roles (invitation_id, role_id) VALUES ($1, $2)', [
    rows[0].id,
    role,
  ]);
}

describe('EDUID_HOME_ORGANIZATION', () => {
  it('decides which accounts count as eduID when an invitation asks for one (default eduid.nl)', async () => {
    for (const [home, expected] of [
      [undefined, 412],
      ['example.org', 201],
    ] as const) {
      const app = await apiApp({ env: home ? { EDUID_HOME_ORGANIZATION: home } : {} });
      try {
        const role = await insertRole(app, 'Edu Only');
        await eduIdOnlyInvitation(app, role, 'edu-hash');
        const guest = (await loginPersonas(app)).guest;
        const user = await app.db.query('SELECT schac_home_organization FROM users WHERE id = $1', [
          guest.userId,
        ]);
        expect(user.rows[0]).toEqual({ schac_home_organization: 'example.org' });
        const res = await call(app, guest, 'POST', '/api/v1/invitations/accept', { hash: 'edu-hash' });
        expect(res.statusCode).toBe(expected);
      } finally {
        await app.close();
      }
    }
  });
});

describe('EXPIRING_ROLES_DAYS', () => {
  it('sets the window of the expiring user roles list (default 30 days)', async () => {
    const app = await apiApp({ env: { EXPIRING_ROLES_DAYS: '60' } });
    try {
      const admin = (await loginPersonas(app)).admin;
      const role = await insertRole(app, 'Window');
      await addMember(app, await addUser(app, 'in-45@example.org'), role, 'GUEST', days(45));
      await addMember(app, await addUser(app, 'in-75@example.org'), role, 'GUEST', days(75));
      const emails = (await call(app, admin, 'GET', '/api/v1/system/expiry-user-roles'))
        .json()
        .map((u: { email: string }) => u.email);
      expect(emails).toContain('in-45@example.org');
      expect(emails).not.toContain('in-75@example.org');
    } finally {
      await app.close();
    }
  });
});
