// The roles and invitations of the invitation tests, shaped as the server answers them; the users are the
// shared personas (test-support/personas) holding these roles.
import type { Invitation } from 'shared-auth';
import { personasHolding, role } from 'test-support/personas';

export { role };

export const wiki = role(1, 'Wiki Editors', { defaultExpiryDays: 100 });
export const forge = role(2, 'Code Forge', { overrideSettingsAllowed: true });
export const library = role(3, 'Library', { overrideSettingsAllowed: true, enforceEmailEquality: true });

/** The managers and inviters hold wiki and forge, the guest wiki. */
export const { superUser, manager, inviter, guest } = personasHolding([wiki, forge]);

// 15 March 2024, noon UTC: one calendar day in every time zone a test may run in.
export const CREATED = Date.UTC(2024, 2, 15, 12) / 1000;

export function invitation(id: number, extra: Partial<Invitation> = {}): Invitation {
  return {
    id,
    email: `invitee${id}@example.com`,
    intendedAuthority: 'GUEST',
    roles: [{ id: id * 10, role: wiki }],
    message: 'Welcome aboard',
    language: 'en',
    expiryDate: Math.floor(Date.now() / 1000) + 10 * 86400,
    enforceEmailEquality: false,
    eduIDOnly: false,
    guestRoleIncluded: false,
    inviter: { name: 'Max Manager', email: 'max@example.com' },
    createdAt: CREATED,
    status: 'OPEN',
    ...extra,
  };
}
