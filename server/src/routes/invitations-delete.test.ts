/**
 * DELETE invitations/{id} applies exactly shared-auth allowedToDeleteInvitation, the rule the console's
 * revoke button follows: what the rule refuses is a 403 that leaves the invitation and the audit trail
 * as they were.
 */
import type { FastifyInstance } from 'fastify';
import { allowedToDeleteInvitation, type Authority, type User } from 'shared-auth/rules';
import { addMember, apiApp, call, insertRole, loginPersonas, type Sessions } from '../test/api-kit.js';
import type { TestSession } from '../test/helper.js';

let app: FastifyInstance;
let s: Sessions;
let wiki: number;
let seq = 0;

beforeAll(async () => {
  app = await apiApp();
  s = await loginPersonas(app);
  wiki = await insertRole(app, 'Wiki Editors', ['app-wiki']);
  await addMember(app, s.manager.userId, wiki, 'MANAGER');
  await addMember(app, s.inviter.userId, wiki, 'INVITER');
  await addMember(app, s.guest.userId, wiki, 'GUEST');
});
afterAll(() => app.close());

async function invitation(
  intended: Authority,
  inviterId: number | null,
  status: 'OPEN' | 'ACCEPTED' = 'OPEN',
): Promise<number> {
  const { rows } = await app.db.query<{ id: string }>(
    `INSERT INTO invitations (hash, email, intended_authority, expiry_date, inviter_id, status, accepted_at)
     VALUES ($1, $2, $3, now() + interval '5 days', $4, $5, CASE WHEN $5 = 'ACCEPTED' THEN now() END)
     RETURNING id`,
    [`delete-hash-${++seq}`, `delete-invitee-${seq}@example.org`, intended, inviterId, status],
  );
  await app.db.query('INSERT INTO invitation_roles (invitation_id, role_id) VALUES ($1, $2)', [
    rows[0].id,
    wiki,
  ]);
  return Number(rows[0].id);
}

/** The invitation's row and its audit rows, as a refused delete must leave them. */
async function stateOf(id: number) {
  const row = await app.db.query('SELECT id, status, email FROM invitations WHERE id = $1', [id]);
  const trail = await app.db.query(
    "SELECT action FROM audit_logs WHERE entity_type = 'invitation' AND entity_id = $1",
    [id],
  );
  return { rows: row.rows, trail: trail.rows };
}

async function me(session: TestSession): Promise<User> {
  return (await call(app, session, 'GET', '/api/v1/users/me')).json() as User;
}

describe('DELETE /invitations/:id refuses what allowedToDeleteInvitation refuses, and changes nothing', () => {
  it.each([
    ['an accepted invitation, by the super user', 'admin', 'GUEST', 'manager', 'ACCEPTED'],
    ['an accepted invitation, by its own inviter', 'manager', 'GUEST', 'manager', 'ACCEPTED'],
    ['a MANAGER invitation, by a manager of the role', 'manager', 'MANAGER', 'admin', 'OPEN'],
    ['an INVITER invitation, by an inviter of the role', 'inviter', 'INVITER', 'admin', 'OPEN'],
    ['a GUEST invitation, by a guest of the role', 'guest', 'GUEST', 'manager', 'OPEN'],
    ['an invitation sent through the API (no inviter), by a guest', 'guest', 'GUEST', null, 'OPEN'],
  ] as const)('%s: 403', async (_name, actor, intended, inviter, status) => {
    const id = await invitation(intended, inviter === null ? null : s[inviter].userId, status);
    const user = await me(s[actor]);
    const [listed] = (await call(app, s.admin, 'GET', `/api/v1/invitations/search?pageSize=1000`))
      .json()
      .content.filter((i: { id: number }) => i.id === id);
    // The case is one the rule refuses, read from the invitation as the console lists it.
    expect(allowedToDeleteInvitation(user, listed)).toBe(false);
    const before = await stateOf(id);
    const res = await call(app, s[actor], 'DELETE', `/api/v1/invitations/${id}`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ status: 403, message: 'missing roles' });
    expect(await stateOf(id)).toEqual(before);
    expect(before.rows).toHaveLength(1);
  });

  it('deletes what the rule allows (the control: the same cases, open, by those who may)', async () => {
    for (const [actor, intended] of [
      ['manager', 'GUEST'],
      ['manager', 'INVITER'],
      ['inviter', 'GUEST'],
      ['admin', 'MANAGER'],
    ] as const) {
      const id = await invitation(intended, s.admin.userId);
      expect([
        actor,
        intended,
        (await call(app, s[actor], 'DELETE', `/api/v1/invitations/${id}`)).statusCode,
      ]).toEqual([actor, intended, 204]);
      expect((await stateOf(id)).rows).toEqual([]);
    }
    const own = await invitation('MANAGER', s.guest.userId);
    expect((await call(app, s.guest, 'DELETE', `/api/v1/invitations/${own}`)).statusCode).toBe(204);
  });

  it('answers a resend of an accepted invitation with 409 to whoever may manage it, 403 to others', async () => {
    const id = await invitation('GUEST', s.manager.userId, 'ACCEPTED');
    expect((await call(app, s.manager, 'PUT', `/api/v1/invitations/${id}`)).statusCode).toBe(409);
    expect((await call(app, s.guest, 'PUT', `/api/v1/invitations/${id}`)).statusCode).toBe(403);
  });
});
