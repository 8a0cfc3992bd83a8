/**
 * The one role shaper: a role's applications in the order they were added (their usages' ids), whatever
 * order the statement read them in (ROLE_USAGES aggregates them without sorting).
 */
import type { ApplicationMap } from 'shared-auth/rules';
import { toRole, type RoleSelectRow } from './role.rows.js';

const usage = (id: number, manageId: string, landingPage: string | null) => ({
  id,
  role_id: 7,
  manage_id: manageId,
  manage_type: 'saml20_sp',
  landing_page: landingPage,
});

const row = (usages: RoleSelectRow['usages']): RoleSelectRow => ({
  id: '7',
  name: 'Wiki Editors',
  short_name: 'wiki_editors',
  urn: 'urn:x:wiki_editors',
  description: 'Edit the wiki',
  default_expiry_days: 30,
  role_end_date: null,
  enforce_email_equality: false,
  edu_id_only: false,
  override_settings_allowed: false,
  requested_authn_context: null,
  inviter_display_name: null,
  organization_guid: null,
  created_by: null,
  created_at: '2026-11-30T08:00:00+00:00',
  usages,
});

const known = new Map<string, ApplicationMap>([
  ['app-wiki', { id: 'app-wiki', manageId: 'app-wiki', name: 'Research Wiki' } as ApplicationMap],
  ['app-forge', { id: 'app-forge', manageId: 'app-forge', name: 'Code Forge' } as ApplicationMap],
]);

describe('toRole: the applications of a role', () => {
  it('lists them in the order they were added, and lands on the first one, whatever order they came in', () => {
    const inOrder = toRole(
      row([usage(4, 'app-wiki', 'https://wiki.example/start'), usage(9, 'app-forge', null)]),
      known,
    );
    const readBackwards = toRole(
      row([usage(9, 'app-forge', null), usage(4, 'app-wiki', 'https://wiki.example/start')]),
      known,
    );
    expect(readBackwards).toEqual(inOrder);
    expect(readBackwards.applicationUsages.map((u) => [u.id, u.application.manageId])).toEqual([
      [4, 'app-wiki'],
      [9, 'app-forge'],
    ]);
    expect(readBackwards.landingPage).toBe('https://wiki.example/start');
  });
});
