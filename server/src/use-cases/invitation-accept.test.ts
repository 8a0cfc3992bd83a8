/**
 * Accepting an invitation (issue 57): the e-mail comparison is trimmed and case-insensitive, and a guest
 * role comes with the membership only when the invitation asked for one and is not itself a guest's.
 */
import type { FastifyInstance } from 'fastify';
import type { User } from 'shared-auth/rules';
import type { Queryable } from '../db/types.js';
import type { InvitationRow } from '../stores/invitation.rows.js';
import { invitationByHash } from '../stores/invitations.store.js';
import { loadUser } from '../stores/users.store.js';
import {
  apiApp,
  call,
  DAY,
  HW_GUID,
  insertRole,
  loginPersonas,
  now,
  type Sessions,
} from '../test/api-kit.js';
import { loginAs } from '../test/helper.js';
import type { AuditActor } from '../stores/audit.store.js';
import {
  acceptAtOnce,
  acceptInvitation,
  acceptInvitationByHash,
  checkAcceptable,
  checkAssurance,
} from './invitation-accept.js';

const EDUID = 'eduid.nl';

function row(overrides: Partial<InvitationRow> = {}): InvitationRow {
  return {
    id: 1,
    hash: 'h',
    email: 'jan@uni.example',
    intended_authority: 'GUEST',
    status: 'OPEN',
    message: null,
    language: 'en',
    enforce_email_equality: true,
    edu_id_only: false,
    requested_authn_context: null,
    guest_role_included: false,
    organization_guid: null,
    role_expiry_date: null,
    expiry_date: new Date(Date.now() + DAY * 1000),
    inviter_id: null,
    remote_api_user: null,
    accepted_at: null,
    created_at: new Date(),
    inviter_name: null,
    inviter_email: null,
    invitation_roles: [],
    ...overrides,
  };
}

const user = (email: string | undefined, schacHomeOrganization = 'uni.example'): User => ({
  id: 5,
  email,
  schacHomeOrganization,
  superUser: false,
  institutionAdmin: false,
  userRoles: [],
});

/** The status and reason checkAcceptable refuses with, or 'accepted'. */
function outcome(invitation: InvitationRow, by: User): string {
  try {
    checkAcceptable(invitation, by, EDUID);
    return 'accepted';
  } catch (error) {
    const { statusCode, message } = error as { statusCode: number; message: string };
    return `${statusCode} ${message}`;
  }
}

describe('checkAcceptable: the e-mail address an invitation must be accepted with', () => {
  it('matches whatever the case and surrounding spaces on either side', () => {
    expect(outcome(row({ email: ' Jan.De.Vries@Uni.Example ' }), user('jan.de.vries@uni.example'))).toBe(
      'accepted',
    );
    expect(outcome(row({ email: 'jan.de.vries@uni.example' }), user('  JAN.de.Vries@UNI.example\t'))).toBe(
      'accepted',
    );
  });

  it('refuses (412) another address, and a login without one', () => {
    const mismatch = '412 The invitation must be accepted with email address jan@uni.example';
    expect(outcome(row(), user('piet@uni.example'))).toBe(mismatch);
    expect(outcome(row(), user('jan@uni.example.evil'))).toBe(mismatch);
    expect(outcome(row(), user(undefined))).toBe(mismatch);
  });

  it('takes any address when the invitation does not enforce equality', () => {
    expect(outcome(row({ enforce_email_equality: false }), user('piet@uni.example'))).toBe('accepted');
  });

  it('refuses (412) an eduID-only invitation for a login of another home organisation', () => {
    expect(outcome(row({ edu_id_only: true }), user('jan@uni.example', EDUID))).toBe('accepted');
    expect(outcome(row({ edu_id_only: true }), user('jan@uni.example'))).toBe(
      '412 The invitation must be accepted with an eduID account',
    );
  });

  it('names the address asked for in the answer of a 412', () => {
    const refusal = (invitation: InvitationRow, by: User) => {
      try {
        checkAcceptable(invitation, by, EDUID);
      } catch (error) {
        return (error as { extra: unknown }).extra;
      }
      return 'accepted';
    };
    expect(refusal(row(), user('piet@uni.example'))).toEqual({ email: 'jan@uni.example' });
    expect(refusal(row({ edu_id_only: true }), user('jan@uni.example'))).toEqual({
      email: 'jan@uni.example',
    });
  });

  it('refuses (409) an invitation already accepted or expired', () => {
    expect(outcome(row({ status: 'ACCEPTED' }), user('jan@uni.example'))).toBe(
      '409 The invitation has already been accepted',
    );
    expect(outcome(row({ expiry_date: new Date(Date.now() - 1000) }), user('jan@uni.example'))).toBe(
      '409 The invitation has expired',
    );
  });
});

// One database for the cases below; the pure checks above run without one (as a mutant's run does too).
describe('with a database', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await apiApp();
  });
  afterAll(() => app.close());

  describe('checkAssurance: the authentication context an invitation asks for', () => {
    const STRONG = 'urn:example:acr:strong';
    async function assured(asked: string | null, acr: string | undefined): Promise<string> {
      try {
        await checkAssurance(app.db, null, row({ id: 9, requested_authn_context: asked }), acr);
        return 'accepted';
      } catch (error) {
        const { statusCode, message } = error as { statusCode: number; message: string };
        return `${statusCode} ${message}`;
      }
    }

    it('passes a login whose acr carries the asked value, among others, and any login when none is asked', async () => {
      expect(await assured(STRONG, STRONG)).toBe('accepted');
      expect(await assured(STRONG, `urn:example:acr:weak ${STRONG}`)).toBe('accepted');
      expect(await assured(null, undefined)).toBe('accepted');
    });

    it('refuses (412) a login without it, and audits the refusal', async () => {
      const refusal = `412 The invitation must be accepted with a login that carries ${STRONG}`;
      expect(await assured(STRONG, undefined)).toBe(refusal);
      expect(await assured(STRONG, `${STRONG}-not`)).toBe(refusal);
      const { rows } = await app.db.query<{ action: string; entity_id: string }>(
        "SELECT action, entity_id FROM audit_logs WHERE entity_type = 'invitation' AND entity_id = 9",
      );
      expect(rows.map((r) => r.action)).toEqual(['denied', 'denied']);
    });

    it('tells the page, and the trail, what was asked and what the login carried', async () => {
      const reason = `The invitation must be accepted with a login that carries ${STRONG}`;
      for (const [id, acr] of [
        [10, undefined],
        [11, 'urn:example:acr:weak'],
      ] as const) {
        const refused = await checkAssurance(
          app.db,
          null,
          row({ id, requested_authn_context: STRONG }),
          acr,
        ).then(
          () => null,
          (error: { extra: unknown }) => error.extra,
        );
        expect(refused).toEqual({
          email: 'jan@uni.example',
          requestedAuthnContext: STRONG,
          acr: acr ?? null,
        });
        const { rows } = await app.db.query<{ after: unknown }>(
          "SELECT after FROM audit_logs WHERE entity_type = 'invitation' AND entity_id = $1",
          [id],
        );
        expect(rows.map((r) => r.after)).toEqual([
          { reason, requestedAuthnContext: STRONG, acr: acr ?? null },
        ]);
      }
    });
  });

  describe('acceptInvitation: the guest role that comes with a membership', () => {
    let s: Sessions;
    let role: number;
    beforeAll(async () => {
      s = await loginPersonas(app);
      role = await insertRole(app, 'Guest Role Rule', ['app-wiki']);
    });

    /** The admin invites `email` as `intendedAuthority`, the person accepts; answers the membership's flag. */
    async function accepted(
      email: string,
      intendedAuthority: string,
      guestRoleIncluded: boolean,
      force = false,
    ) {
      const created = await call(app, s.admin, 'POST', '/api/v1/invitations', {
        intendedAuthority,
        invites: [email],
        roleIdentifiers: [role],
        guestRoleIncluded,
        language: 'en',
        expiryDate: now() + 14 * DAY,
      });
      expect(created.statusCode).toBe(201);
      const id = Number(created.json().ids[0]);
      // An invitation stored with the flag whatever its authority (an older row): acceptance decides alone.
      if (force) await app.db.query('UPDATE invitations SET guest_role_included = TRUE WHERE id = $1', [id]);
      const { rows } = await app.db.query<{ hash: string }>('SELECT hash FROM invitations WHERE id = $1', [
        id,
      ]);
      const invitee = await loginAs(app, email);
      const answer = await call(app, invitee, 'POST', '/api/v1/invitations/accept', {
        hash: rows[0].hash,
        invitationId: id,
      });
      expect(answer.statusCode).toBe(201);
      const membership = await app.db.query<{ authority: string; guest_role_included: boolean }>(
        'SELECT authority, guest_role_included FROM user_roles WHERE user_id = $1 AND role_id = $2',
        [invitee.userId, role],
      );
      return membership.rows;
    }

    it("includes it for a manager's invitation that asks for it", async () => {
      expect(await accepted('gri.manager@uni.example', 'MANAGER', true)).toEqual([
        { authority: 'MANAGER', guest_role_included: true },
      ]);
    });

    it("leaves it out for an inviter's invitation that does not ask for it", async () => {
      expect(await accepted('gri.plain@uni.example', 'INVITER', false)).toEqual([
        { authority: 'INVITER', guest_role_included: false },
      ]);
    });

    it("never includes it for a guest's invitation, even one stored with the flag", async () => {
      expect(await accepted('gri.guest@uni.example', 'GUEST', true, true)).toEqual([
        { authority: 'GUEST', guest_role_included: false },
      ]);
    });
  });

  describe('acceptInvitationByHash and acceptInvitation: what an acceptance grants, and to whom', () => {
    let s: Sessions;
    let seq = 0;
    /** A role for invitations whose right is not a membership (a guest invitation names one at least). */
    let plain: number;
    beforeAll(async () => {
      s = await loginPersonas(app);
      plain = await insertRole(app, 'Plain Role');
    });

    /** A guest invitation by the super user for these roles, open; its row as the use case reads it. */
    async function invitation(roles: number[], email = `acc.${(seq += 1)}@uni.example`) {
      const created = await call(app, s.admin, 'POST', '/api/v1/invitations', {
        intendedAuthority: 'GUEST',
        invites: [email],
        roleIdentifiers: roles,
        language: 'en',
        expiryDate: now() + 14 * DAY,
      });
      expect(created.statusCode).toBe(201);
      const id = Number(created.json().ids[0]);
      const { rows } = await app.db.query<{ hash: string }>('SELECT hash FROM invitations WHERE id = $1', [
        id,
      ]);
      return { id, email, row: (await invitationByHash(app.db, rows[0].hash))! };
    }
    async function invitee(email: string): Promise<User> {
      const session = await loginAs(app, email);
      return (await loadUser(app.db, app.registry, session.userId))!;
    }
    const memberships = async (userId: number) =>
      (
        await app.db.query<{ role_id: string; end_date: Date | null; inviter: string | null }>(
          'SELECT role_id, end_date, inviter FROM user_roles WHERE user_id = $1 ORDER BY role_id',
          [userId],
        )
      ).rows.map((r) => ({ roleId: Number(r.role_id), endDate: r.end_date, inviter: r.inviter }));
    const acceptAudit = async (invitationId: number) =>
      (
        await app.db.query<{ before: Record<string, unknown>; after: Record<string, unknown> }>(
          "SELECT before, after FROM audit_logs WHERE entity_type = 'invitation' AND action = 'accept' AND entity_id = $1",
          [invitationId],
        )
      ).rows;
    const statusOf = async (id: number) =>
      (await app.db.query<{ status: string }>('SELECT status FROM invitations WHERE id = $1', [id])).rows[0]!
        .status;

    it('answers the invitation as accepted, and audits the acceptance with who accepted it', async () => {
      const role = await insertRole(app, `Accepted ${(seq += 1)}`);
      const { id, email, row: open } = await invitation([role]);
      const by = await invitee(email);
      const accepted = await acceptInvitationByHash(
        app,
        null,
        by,
        { hash: open.hash, invitationId: id },
        undefined,
      );
      expect(accepted).toMatchObject({ id, status: 'ACCEPTED', email });
      expect(await statusOf(id)).toBe('ACCEPTED');
      const [entry, ...more] = await acceptAudit(id);
      expect(more).toEqual([]);
      expect(entry!.before).toMatchObject({
        email,
        status: 'OPEN',
        intendedAuthority: 'GUEST',
        roleIds: [role],
      });
      // A guest's invitation grants no right of its own: the entry has no `granted`.
      expect(entry!.after).toEqual({
        email,
        intendedAuthority: 'GUEST',
        status: 'ACCEPTED',
        expiryDate: expect.any(Number),
        roleIds: [role],
        acceptedBy: by.id,
      });
    });

    it('claims the invitation and adds its memberships in one statement, and audits them all and the acceptance in another', async () => {
      const names = [`Audited first ${(seq += 1)}`, `Audited second ${seq}`];
      const first = await insertRole(app, names[0]);
      const second = await insertRole(app, names[1]);
      const { id, email, row: open } = await invitation([first, second]);
      const by = await invitee(email);
      const statements: string[] = [];
      await app.db.tx((q) => {
        const counted: Queryable = {
          query: (sql, params, options) => {
            statements.push(sql.trim().split(/\s+/).slice(0, 3).join(' '));
            return q.query(sql, params, options);
          },
        };
        return acceptInvitation(counted, null, by, open);
      });
      // The claim with the memberships it adds, then the audit rows.
      expect(statements).toEqual(['WITH i AS', 'INSERT INTO audit_logs']);
      const { rows } = await app.db.query<{
        entity_type: string;
        action: string;
        role_ids: string[];
        role_name: string | null;
        user_id: string;
        user_name: string;
        actor_name: string;
      }>(
        `SELECT entity_type, action, role_ids, role_name, user_id, user_name, actor_name FROM audit_logs
          WHERE id > (SELECT max(id) FROM audit_logs WHERE entity_type = 'invitation' AND action = 'create')
            AND user_id = $1 ORDER BY id`,
        [by.id],
      );
      expect(rows).toEqual([
        expect.objectContaining({
          entity_type: 'user_role',
          action: 'create',
          role_ids: [String(first)],
          role_name: names[0],
        }),
        expect.objectContaining({
          entity_type: 'user_role',
          action: 'create',
          role_ids: [String(second)],
          role_name: names[1],
        }),
        expect.objectContaining({
          entity_type: 'invitation',
          action: 'accept',
          role_ids: [String(first), String(second)],
        }),
      ]);
      // The person as they are named now, the actor a job's (no request).
      expect(new Set(rows.map((r) => [Number(r.user_id), r.user_name, r.actor_name].join()))).toEqual(
        new Set([[by.id, by.name ?? by.email, 'system'].join()]),
      );
      expect(await acceptAudit(id)).toHaveLength(1);
    });

    it('merges the grant with a membership already held: the later end kept, audited as an update before the acceptance', async () => {
      const role = await insertRole(app, `Held already ${(seq += 1)}`);
      const first = await invitation([role]);
      const by = await invitee(first.email);
      await app.db.query("UPDATE invitations SET role_expiry_date = '2030-01-01T00:00:00Z' WHERE id = $1", [
        first.id,
      ]);
      await app.db.tx((q) => acceptInvitation(q, null, by, first.row));
      const second = await invitation([role], first.email);
      await app.db.query("UPDATE invitations SET role_expiry_date = '2032-01-01T00:00:00Z' WHERE id = $1", [
        second.id,
      ]);
      await app.db.tx((q) => acceptInvitation(q, null, by, second.row));
      const held = await memberships(by.id);
      expect(held.map((m) => [m.roleId, new Date(m.endDate!).toISOString()])).toEqual([
        [role, '2032-01-01T00:00:00.000Z'],
      ]);
      const { rows } = await app.db.query<{
        entity_type: string;
        action: string;
        after: { endDate?: number };
      }>(
        `SELECT entity_type, action, after FROM audit_logs
          WHERE id > (SELECT max(id) FROM audit_logs WHERE entity_type = 'invitation' AND action = 'accept' AND entity_id = $1)
            AND user_id = $2 ORDER BY id`,
        [first.id, by.id],
      );
      expect(rows.map((r) => `${r.entity_type} ${r.action}`)).toEqual([
        'user_role update',
        'invitation accept',
      ]);
      expect(rows[0]!.after.endDate).toBe(Date.parse('2032-01-01T00:00:00Z') / 1000);
    });

    /** Queryable `q` recording each statement's first three words into `statements`. */
    const recording = (q: Queryable, statements: string[]): Queryable => ({
      query: (sql, params, options) => {
        statements.push(sql.trim().split(/\s+/).slice(0, 3).join(' '));
        return q.query(sql, params, options);
      },
    });
    /** The audit rows about `userId` after the invitation `invitationId` was made, as the trail shows them. */
    const trailOf = async (userId: number, invitationId: number) =>
      (
        await app.db.query<{
          entity_type: string;
          entity_id: string;
          action: string;
          before: unknown;
          after: Record<string, unknown>;
          role_ids: string[];
          role_name: string | null;
          user_name: string | null;
          actor_id: string | null;
          actor_name: string | null;
        }>(
          `SELECT entity_type, entity_id, action, before, after, role_ids, role_name, user_name, actor_id, actor_name
             FROM audit_logs
            WHERE id > (SELECT max(id) FROM audit_logs WHERE entity_type = 'invitation' AND action = 'create' AND entity_id = $2)
              AND user_id = $1 ORDER BY id`,
          [userId, invitationId],
        )
      ).rows;
    const asActor = (by: User): AuditActor => ({ user: by, impersonatorId: null }) as AuditActor;

    it('adds only memberships in one statement outside a transaction, its audit rows those of the transaction', async () => {
      const names = [`At once first ${(seq += 1)}`, `At once second ${seq}`];
      const first = await insertRole(app, names[0]);
      const second = await insertRole(app, names[1], ['app-wiki'], { defaultExpiryDays: 30 });
      const once = await invitation([first, second]);
      const inTx = await invitation([first, second]);
      const [byOnce, byTx] = [await invitee(once.email), await invitee(inTx.email)];
      const statements: string[] = [];
      const accepted = await acceptAtOnce(recording(app.db, statements), asActor(byOnce), byOnce, once.row);
      // One statement, sent on its own: no BEGIN, no COMMIT.
      expect(statements).toEqual(['WITH i AS']);
      expect(accepted).toMatchObject({ id: once.id, status: 'ACCEPTED', email: once.email });
      expect(await statusOf(once.id)).toBe('ACCEPTED');
      await app.db.tx((q) => acceptInvitation(q, asActor(byTx), byTx, inTx.row));
      expect((await memberships(byOnce.id)).map((m) => m.roleId)).toEqual([first, second]);
      // The same rows in the same order, told apart only by who accepted which invitation. Their dates are
      // counted from the second each invitation was made and each acceptance ran, which may differ by one:
      // compared apart below.
      const seconds = (row: Record<string, unknown>, ...names: string[]) =>
        Object.fromEntries(names.filter((n) => typeof row[n] === 'number').map((n) => [n, 'epoch seconds']));
      const shape = (by: User, invitationId: number) =>
        trailOf(by.id, invitationId).then((rows) =>
          rows.map((r) =>
            JSON.stringify({
              ...r,
              entity_id: r.entity_type === 'invitation' ? Number(r.entity_id) === invitationId : 'membership',
              after: {
                ...r.after,
                email: undefined,
                ...seconds(r.after, 'endDate', 'expiryDate'),
                acceptedBy: r.after.acceptedBy === by.id,
                userId: r.after.userId === by.id || undefined,
              },
              before: r.before && {
                ...(r.before as Record<string, unknown>),
                email: undefined,
                ...seconds(r.before as Record<string, unknown>, 'expiryDate'),
              },
              user_name: r.user_name === (by.name ?? by.email),
              actor_id: Number(r.actor_id) === by.id,
              actor_name: r.actor_name === (by.name ?? by.email),
            }),
          ),
        );
      const onceTrail = await shape(byOnce, once.id);
      expect(onceTrail).toHaveLength(3);
      expect(onceTrail).toEqual(await shape(byTx, inTx.id));
      expect(onceTrail.map((r) => JSON.parse(r) as Record<string, unknown>)).toEqual([
        expect.objectContaining({
          entity_type: 'user_role',
          action: 'create',
          role_name: names[0],
          entity_id: 'membership',
        }),
        expect.objectContaining({ entity_type: 'user_role', action: 'create', role_name: names[1] }),
        expect.objectContaining({
          entity_type: 'invitation',
          action: 'accept',
          entity_id: true,
          actor_id: true,
        }),
      ]);
      // The dates themselves: the memberships' ends and the invitation's expiry, within two seconds of each other.
      const dates = async (by: User, invitationId: number) => {
        const [firstRole, secondRole, acceptance] = await trailOf(by.id, invitationId);
        return [firstRole.after.endDate, secondRole.after.endDate, acceptance.after.expiryDate] as number[];
      };
      const [onceDates, txDates] = [await dates(byOnce, once.id), await dates(byTx, inTx.id)];
      onceDates.forEach((date, i) => expect(Math.abs(date - txDates[i])).toBeLessThanOrEqual(2));
      const [, thirty] = await trailOf(byOnce.id, once.id);
      expect(thirty!.after.endDate).toEqual(expect.any(Number));
      // The second role's 30 days (its default expiry), from the acceptance.
      expect(Math.abs((thirty!.after.endDate as number) - (Date.now() / 1000 + 30 * 86_400))).toBeLessThan(
        120,
      );
      expect(thirty!.after).toMatchObject({
        userId: byOnce.id,
        roleId: second,
        authority: 'GUEST',
        guestRoleIncluded: false,
      });
    });

    it('leaves a member already to the transaction, and a member since the session was read changes nothing', async () => {
      const role = await insertRole(app, `At once held ${(seq += 1)}`);
      const first = await invitation([role]);
      const stale = await invitee(first.email);
      await acceptInvitationByHash(app, asActor(stale), stale, { hash: first.row.hash }, undefined);
      // Known from the session: no statement at all.
      const held = (await loadUser(app.db, app.registry, stale.id))!;
      const second = await invitation([role], first.email);
      const statements: string[] = [];
      expect(
        await acceptAtOnce(recording(app.db, statements), asActor(held), held, second.row),
      ).toBeUndefined();
      expect(statements).toEqual([]);
      // Held since the session was read (the user as read before the first acceptance): the statement is
      // refused, and the invitation stays open, no row is written and the membership is as it was.
      const trailBefore = await trailOf(stale.id, first.id);
      const membershipBefore = await memberships(stale.id);
      expect(stale.userRoles).toEqual([]);
      expect(await acceptAtOnce(app.db, asActor(stale), stale, second.row)).toBeUndefined();
      expect(await statusOf(second.id)).toBe('OPEN');
      expect(await trailOf(stale.id, first.id)).toEqual(trailBefore);
      expect(await memberships(stale.id)).toEqual(membershipBefore);
      // …and accepted by hash, the transaction merges it.
      await app.db.query("UPDATE invitations SET role_expiry_date = '2033-01-01T00:00:00Z' WHERE id = $1", [
        second.id,
      ]);
      await acceptInvitationByHash(app, asActor(stale), stale, { hash: second.row.hash }, undefined);
      expect(await statusOf(second.id)).toBe('ACCEPTED');
      expect(
        (await memberships(stale.id)).map((m) => [m.roleId, new Date(m.endDate!).toISOString()]),
      ).toEqual([[role, '2033-01-01T00:00:00.000Z']]);
      expect((await trailOf(stale.id, second.id)).map((r) => `${r.entity_type} ${r.action}`)).toEqual([
        'user_role update',
        'invitation accept',
      ]);
    });

    it('refuses (409) an invitation no longer open in one statement, and writes nothing', async () => {
      const role = await insertRole(app, `At once twice ${(seq += 1)}`);
      const { id, email, row: open } = await invitation([role]);
      const [by, other] = [await invitee(email), await invitee(`other.${seq}@uni.example`)];
      const both = await Promise.allSettled([
        acceptAtOnce(app.db, asActor(by), by, open),
        acceptAtOnce(app.db, asActor(other), other, open),
      ]);
      expect(both.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
      const refused = both.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      expect(refused.reason).toMatchObject({ statusCode: 409, message: 'The invitation is no longer open' });
      const held = [...(await memberships(by.id)), ...(await memberships(other.id))];
      expect(held.map((m) => m.roleId)).toEqual([role]);
      expect(await acceptAudit(id)).toHaveLength(1);
      // A statement that claims nothing writes no audit row either.
      const loser = (both[0].status === 'rejected' ? by : other).id;
      expect(await trailOf(loser, id)).toEqual([]);
    });

    it('leaves an invitation that grants a right of its own to the transaction', async () => {
      const { row: open, email } = await invitation([plain]);
      const by = await invitee(email);
      for (const intended of ['SUPER_USER', 'INSTITUTION_ADMIN', 'APPLICATION_MANAGER'] as const) {
        const statements: string[] = [];
        const granting = { ...open, intended_authority: intended };
        expect(await acceptAtOnce(recording(app.db, statements), asActor(by), by, granting)).toBeUndefined();
        expect(statements).toEqual([]);
      }
      expect(await statusOf(open.id as number)).toBe('OPEN');
    });

    it('refuses (404) an unknown hash, and a hash of another invitation than the one named; the invitation stays open', async () => {
      const role = await insertRole(app, `Not found ${(seq += 1)}`);
      const { id, email, row: open } = await invitation([role]);
      const by = await invitee(email);
      const attempt = (ids: { hash: string; invitationId?: number }) =>
        acceptInvitationByHash(app, null, by, ids, undefined).then(
          () => 'accepted',
          (error: { statusCode: number; message: string }) => `${error.statusCode} ${error.message}`,
        );
      expect(await attempt({ hash: 'no-such-hash' })).toBe('404 Invitation not found');
      expect(await attempt({ hash: open.hash, invitationId: id + 1000 })).toBe('404 Invitation not found');
      expect(await statusOf(id)).toBe('OPEN');
      expect(await memberships(by.id)).toEqual([]);
      // Without an invitation id the hash alone is enough.
      expect(await attempt({ hash: open.hash })).toBe('accepted');
    });

    it('refuses (409) the second of two acceptances of one invitation read before either ran', async () => {
      const role = await insertRole(app, `Twice ${(seq += 1)}`);
      const { email, row: open } = await invitation([role]);
      const by = await invitee(email);
      await app.db.tx((q) => acceptInvitation(q, null, by, open));
      await expect(app.db.tx((q) => acceptInvitation(q, null, by, open))).rejects.toMatchObject({
        statusCode: 409,
        message: 'The invitation is no longer open',
      });
      expect(await memberships(by.id)).toHaveLength(1);
    });

    it("ends each membership at its role's end date on the invitation, else the invitation's, else the role's default; a role gone is passed over", async () => {
      const linked = await insertRole(app, `Linked end ${(seq += 1)}`);
      const invitationEnd = await insertRole(app, `Invitation end ${seq}`);
      const thirtyDays = await insertRole(app, `Thirty days ${seq}`, ['app-wiki'], { defaultExpiryDays: 30 });
      const noDefault = await insertRole(app, `No default ${seq}`, ['app-wiki'], { defaultExpiryDays: 0 });
      const gone = await insertRole(app, `Gone ${seq}`);
      const first = await invitation([linked, invitationEnd, gone]);
      const by = await invitee(first.email);
      // As the invitation is stored: the end dates are the database's, not those of the row read before.
      await app.db.query("UPDATE invitations SET role_expiry_date = '2030-06-01T00:00:00Z' WHERE id = $1", [
        first.id,
      ]);
      await app.db.query(
        "UPDATE invitation_roles SET end_date = '2031-01-01T00:00:00Z' WHERE invitation_id = $1 AND role_id = $2",
        [first.id, linked],
      );
      await app.db.query('DELETE FROM roles WHERE id = $1', [gone]);
      await app.db.tx((q) => acceptInvitation(q, null, by, first.row));
      const second = await invitation([thirtyDays, noDefault], first.email);
      await app.db.query('UPDATE invitations SET role_expiry_date = NULL WHERE id = $1', [second.id]);
      const before = Date.now();
      await app.db.tx((q) => acceptInvitation(q, null, by, second.row));
      const held = await memberships(by.id);
      expect(held.map((m) => m.roleId)).toEqual([linked, invitationEnd, thirtyDays, noDefault]);
      const ends = held.map((m) => (m.endDate === null ? null : new Date(m.endDate).getTime()));
      expect(ends[0]).toBe(Date.parse('2031-01-01T00:00:00.000Z'));
      expect(ends[1]).toBe(Date.parse('2030-06-01T00:00:00.000Z'));
      // Thirty days from the acceptance (a day either side: a date, not a duration, is checked).
      expect(ends[2]).toBeGreaterThan(before + 29 * DAY * 1000);
      expect(ends[2]).toBeLessThan(before + 31 * DAY * 1000);
      expect(ends[3]).toBeNull();
    });

    it("records who invited on the membership: the inviter's address, or the API token's integration", async () => {
      const role = await insertRole(app, `Inviter ${(seq += 1)}`);
      const console = await invitation([role]);
      const byConsole = await invitee(console.email);
      await app.db.tx((q) => acceptInvitation(q, null, byConsole, console.row));
      expect(console.row.inviter_email).toEqual(expect.any(String));
      expect((await memberships(byConsole.id)).map((m) => m.inviter)).toEqual([console.row.inviter_email]);

      const api = await invitation([role]);
      const byApi = await invitee(api.email);
      // As an invitation made through the external API is stored: no inviter, the token's integration.
      await app.db.query(
        "UPDATE invitations SET inviter_id = NULL, remote_api_user = 'HR system' WHERE id = $1",
        [api.id],
      );
      await app.db.tx((q) => acceptInvitation(q, null, byApi, api.row));
      expect((await memberships(byApi.id)).map((m) => m.inviter)).toEqual(['HR system']);
    });

    const grantsOf = async (userId: number) =>
      (
        await app.db.query<{
          authority: string;
          organization_guid: string | null;
          invitation_id: string;
          granted_by_id: string | null;
          granted_by_name: string | null;
        }>(
          'SELECT authority, organization_guid, invitation_id, granted_by_id, granted_by_name FROM authority_grants WHERE user_id = $1',
          [userId],
        )
      ).rows.map((g) => ({
        ...g,
        invitation_id: Number(g.invitation_id),
        granted_by_id: g.granted_by_id === null ? null : Number(g.granted_by_id),
      }));

    it("grants a super user's and an institution admin's right as a grant of its own, naming who invited", async () => {
      const su = await invitation([plain]);
      const bySu = await invitee(su.email);
      const suRow = { ...su.row, intended_authority: 'SUPER_USER' as const };
      await app.db.tx((q) => acceptInvitation(q, null, bySu, suRow));
      expect(await grantsOf(bySu.id)).toEqual([
        {
          authority: 'SUPER_USER',
          organization_guid: null,
          invitation_id: su.id,
          granted_by_id: s.admin.userId,
          granted_by_name: su.row.inviter_name,
        },
      ]);
      expect(su.row.inviter_name).toEqual(expect.any(String));
      expect(su.row.inviter_name).not.toBe(su.row.inviter_email);
      expect((await acceptAudit(su.id))[0]!.after.granted).toEqual({
        authority: 'SUPER_USER',
        organizationGUID: null,
      });

      const ia = await invitation([plain]);
      const byIa = await invitee(ia.email);
      await app.db.tx((q) =>
        acceptInvitation(q, null, byIa, {
          ...ia.row,
          intended_authority: 'INSTITUTION_ADMIN',
          organization_guid: HW_GUID,
          inviter_id: null,
          inviter_name: null,
          inviter_email: null,
          remote_api_user: 'HR system',
        }),
      );
      expect(await grantsOf(byIa.id)).toEqual([
        {
          authority: 'INSTITUTION_ADMIN',
          organization_guid: HW_GUID,
          invitation_id: ia.id,
          granted_by_id: null,
          granted_by_name: 'HR system',
        },
      ]);
      expect((await acceptAudit(ia.id))[0]!.after.granted).toEqual({
        authority: 'INSTITUTION_ADMIN',
        organizationGUID: HW_GUID,
      });
    });

    it("grants an application manager's applications, naming who invited; none when the invitation names none", async () => {
      const appsOf = async (userId: number) =>
        (
          await app.db.query<{
            manage_id: string;
            granted_by_id: string | null;
            granted_by_name: string | null;
          }>('SELECT manage_id, granted_by_id, granted_by_name FROM user_applications WHERE user_id = $1', [
            userId,
          ])
        ).rows.map((g) => ({
          ...g,
          granted_by_id: g.granted_by_id === null ? null : Number(g.granted_by_id),
        }));
      const am = await invitation([plain]);
      const byAm = await invitee(am.email);
      await app.db.tx((q) =>
        acceptInvitation(q, null, byAm, {
          ...am.row,
          intended_authority: 'APPLICATION_MANAGER',
          invitation_roles: [],
          manage_identifiers: [{ manageId: 'app-wiki', manageType: 'saml20_sp' }],
        }),
      );
      expect(await appsOf(byAm.id)).toEqual([
        { manage_id: 'app-wiki', granted_by_id: s.admin.userId, granted_by_name: am.row.inviter_name },
      ]);
      expect((await acceptAudit(am.id))[0]!.after.granted).toEqual({
        authority: 'APPLICATION_MANAGER',
        applications: ['app-wiki'],
      });
      expect(await grantsOf(byAm.id)).toEqual([]);

      const api = await invitation([plain]);
      const byApi = await invitee(api.email);
      await app.db.tx((q) =>
        acceptInvitation(q, null, byApi, {
          ...api.row,
          intended_authority: 'APPLICATION_MANAGER',
          invitation_roles: [],
          manage_identifiers: [{ manageId: 'app-wiki', manageType: 'saml20_sp' }],
          inviter_id: null,
          inviter_name: null,
          inviter_email: 'api-user@uni.example',
          remote_api_user: 'HR system',
        }),
      );
      expect(await appsOf(byApi.id)).toEqual([
        { manage_id: 'app-wiki', granted_by_id: null, granted_by_name: 'api-user@uni.example' },
      ]);

      const none = await invitation([plain]);
      const byNone = await invitee(none.email);
      await app.db.tx((q) =>
        acceptInvitation(q, null, byNone, {
          ...none.row,
          intended_authority: 'APPLICATION_MANAGER',
          invitation_roles: [],
          manage_identifiers: null,
        }),
      );
      expect(await appsOf(byNone.id)).toEqual([]);
      expect((await acceptAudit(none.id))[0]!.after.granted).toEqual({
        authority: 'APPLICATION_MANAGER',
        applications: [],
      });
    });
  });
});
