/**
 * Accepting an invitation (issue 57): the e-mail comparison is trimmed and case-insensitive, and a guest
 * role comes with the membership only when the invitation asked for one and is not itself a guest's.
 */
import type { FastifyInstance } from 'fastify';
import type { User } from 'shared-auth/rules';
import type { InvitationRow } from '../stores/invitation.rows.js';
import { apiApp, call, DAY, insertRole, loginPersonas, now, type Sessions } from '../test/api-kit.js';
import { loginAs } from '../test/helper.js';
import { checkAcceptable, checkAssurance } from './invitation-accept.js';

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
  });

  describe('acceptInvitation: the guest role that comes with a membership', () => {
    let s: Sessions;
    let role: number;
    beforeAll(async () => {
      s = await loginPersonas(app);
      role = await insertRole(app, 'Guest Role Rule', ['app-wiki']);
    });
    afterAll(() => app.close());

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
});
