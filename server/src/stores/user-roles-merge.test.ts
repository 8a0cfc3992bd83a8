/**
 * grantUserRole on a member already (the merge, issue 57 item 5): the stronger authority kept, the later
 * end date kept (none, when either has none), capped by the role's end date; the guest role once included
 * stays included; the notice of expiry sent is forgotten; audited as an update of the same membership.
 */
import type { FastifyInstance } from 'fastify';
import { addMember, addUser, apiApp, insertRole } from '../test/api-kit.js';
import { grantUserRole } from './user-roles.store.js';

const DAY_MS = 86_400_000;

let app: FastifyInstance;
beforeAll(async () => {
  app = await apiApp();
});
afterAll(() => app.close());

interface Membership {
  id: string;
  authority: string;
  end_date: Date | null;
  guest_role_included: boolean;
  expiry_notified_at: Date | null;
}

async function membership(id: number): Promise<Membership> {
  const { rows } = await app.db.query<Membership>(
    'SELECT id, authority, end_date, guest_role_included, expiry_notified_at FROM user_roles WHERE id = $1',
    [id],
  );
  return rows[0];
}

const time = (d: Date | null) => (d === null ? null : new Date(d).getTime());

async function member(email: string, end: Date | null, authority: 'INVITER' | 'GUEST' = 'INVITER') {
  const userId = await addUser(app, email);
  const roleId = await insertRole(app, `Merge ${email}`);
  const id = await addMember(app, userId, roleId, authority, end);
  await app.db.query('UPDATE user_roles SET expiry_notified_at = now() WHERE id = $1', [id]);
  return { userId, roleId, id };
}

const grant = (userId: number, roleId: number, more: Partial<Parameters<typeof grantUserRole>[2]> = {}) =>
  app.db.tx((q) =>
    grantUserRole(q, null, {
      userId,
      roleId,
      authority: 'GUEST',
      guestIncluded: false,
      endDate: null,
      inviter: 'inviter@example.org',
      ...more,
    }),
  );

it('keeps the stronger authority and the later end date, on the same membership, audited as an update', async () => {
  const soon = new Date(Date.now() + 10 * DAY_MS);
  const later = new Date(Date.now() + 20 * DAY_MS);
  const m = await member('merge.later@example.org', soon);
  expect(await grant(m.userId, m.roleId, { authority: 'GUEST', endDate: later, guestIncluded: true })).toBe(
    m.id,
  );
  const after = await membership(m.id);
  expect(after.authority).toBe('INVITER');
  expect(time(after.end_date)).toBe(later.getTime());
  expect(after.guest_role_included).toBe(true);
  expect(after.expiry_notified_at).toBeNull();
  // An earlier end date and no guest role asked change neither.
  await grant(m.userId, m.roleId, { authority: 'MANAGER', endDate: soon, guestIncluded: false });
  const again = await membership(m.id);
  expect(again.authority).toBe('MANAGER');
  expect(time(again.end_date)).toBe(later.getTime());
  expect(again.guest_role_included).toBe(true);
  const { rows } = await app.db.query<{ action: string }>(
    "SELECT action FROM audit_logs WHERE entity_type = 'user_role' AND entity_id = $1 ORDER BY id",
    [m.id],
  );
  expect(rows.map((r) => r.action)).toEqual(['update', 'update']);
});

it('keeps the membership open when the grant or the membership has no end date', async () => {
  const end = new Date(Date.now() + 10 * DAY_MS);
  const open = await member('merge.open@example.org', null);
  await grant(open.userId, open.roleId, { endDate: end });
  expect((await membership(open.id)).end_date).toBeNull();
  const dated = await member('merge.dated@example.org', end);
  await grant(dated.userId, dated.roleId, { endDate: null });
  expect((await membership(dated.id)).end_date).toBeNull();
});

it("caps the merged end date by the role's end date, and keeps an earlier one", async () => {
  const roleEnd = new Date(Date.now() + 15 * DAY_MS);
  const capped = await member('merge.capped@example.org', new Date(Date.now() + 5 * DAY_MS));
  await app.db.query('UPDATE roles SET end_date = $2 WHERE id = $1', [capped.roleId, roleEnd]);
  await grant(capped.userId, capped.roleId, { endDate: new Date(Date.now() + 30 * DAY_MS) });
  expect(time((await membership(capped.id)).end_date)).toBe(roleEnd.getTime());
  const open = await member('merge.capped.open@example.org', null);
  await app.db.query('UPDATE roles SET end_date = $2 WHERE id = $1', [open.roleId, roleEnd]);
  await grant(open.userId, open.roleId, { endDate: null });
  expect(time((await membership(open.id)).end_date)).toBe(roleEnd.getTime());
  const before = new Date(Date.now() + 10 * DAY_MS);
  const kept = await member('merge.kept@example.org', new Date(Date.now() + 5 * DAY_MS));
  await app.db.query('UPDATE roles SET end_date = $2 WHERE id = $1', [kept.roleId, roleEnd]);
  await grant(kept.userId, kept.roleId, { endDate: before });
  expect(time((await membership(kept.id)).end_date)).toBe(before.getTime());
});

it('grants a newcomer a membership of its own, audited as created', async () => {
  const userId = await addUser(app, 'merge.new@example.org');
  const roleId = await insertRole(app, 'Merge newcomer');
  const id = await grant(userId, roleId, { authority: 'INVITER' });
  expect((await membership(id)).authority).toBe('INVITER');
  const { rows } = await app.db.query<{ action: string }>(
    "SELECT action FROM audit_logs WHERE entity_type = 'user_role' AND entity_id = $1 ORDER BY id",
    [id],
  );
  expect(rows.map((r) => r.action)).toEqual(['create']);
});
