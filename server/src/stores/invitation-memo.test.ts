import { jest } from '@jest/globals';
import type { ApplicationMap } from 'shared-auth/rules';
import { WriteClock } from '../db/change-clock.js';
import type { Db } from '../db/types.js';
import type { Registry } from '../registry/registry.js';
import { countingQueries } from '../test/counting.js';
import { freshTestDb } from '../test/template-db.js';
import { pageSql } from '../domain/paging.js';
import { listedInvitations, searchListedInvitations } from './invitation-memo.js';
import { INVITATION_SORT } from './invitations.store.js';

describe('invitations listed by id', () => {
  let db: Db;
  let inviter: number;
  let role: number;
  const wiki = { id: 'app-wiki', manageId: 'app-wiki', 'name:en': 'Wiki' } as unknown as ApplicationMap;
  let known = new Map([['app-wiki', wiki]]);
  const registry = { applicationMaps: async () => known } as unknown as Registry;

  beforeAll(async () => {
    db = await freshTestDb();
    inviter = Number(
      (
        await db.query<{ id: string }>(
          "INSERT INTO users (sub, email, name) VALUES ('inviter', 'ann@example.org', 'Ann Inviter') RETURNING id",
        )
      ).rows[0].id,
    );
    role = Number(
      (
        await db.query<{ id: string }>(
          `INSERT INTO roles (name, short_name, urn, description, default_expiry_days)
           VALUES ('Wiki Editors', 'wiki', 'urn:test:wiki', 'Edits', 365) RETURNING id`,
        )
      ).rows[0].id,
    );
    await db.query(
      "INSERT INTO application_usages (role_id, manage_id, manage_type, landing_page) VALUES ($1, 'app-wiki', 'saml20_sp', 'https://wiki.example/')",
      [role],
    );
  });
  afterAll(() => db.close());

  /** An open invitation from Ann to the wiki role, expiring `expiresInMs` from now. */
  async function invitation(email: string, expiresInMs = 86_400_000): Promise<number> {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO invitations (hash, email, intended_authority, language, expiry_date, inviter_id)
       VALUES (md5($1), $1, 'GUEST', 'en', $2, $3) RETURNING id`,
      [email, new Date(Date.now() + expiresInMs), inviter],
    );
    const id = Number(rows[0].id);
    await db.query('INSERT INTO invitation_roles (invitation_id, role_id) VALUES ($1, $2)', [id, role]);
    return id;
  }

  const counting = () => countingQueries(db);
  const parsed = (texts: string[]) => texts.map((text) => JSON.parse(text));

  it('writes each invitation as a search page lists it, in the order of the ids, without the gone ones', async () => {
    const a = await invitation('a@example.org');
    const b = await invitation('b@example.org');
    const listed = parsed(await listedInvitations(db, db.changes, registry, [b, 999_999, a]));
    expect(listed.map((i) => i.email)).toEqual(['b@example.org', 'a@example.org']);
    expect(listed[0]).toMatchObject({
      id: b,
      intendedAuthority: 'GUEST',
      intended_authority: 'GUEST',
      status: 'OPEN',
      inviter: { id: inviter, name: 'Ann Inviter', email: 'ann@example.org' },
      inviter_email: 'ann@example.org',
      roles: [{ id: role, role: { id: role, name: 'Wiki Editors', applicationName: 'Wiki' } }],
    });
    // Only the fields of the response schema; never the hash.
    expect(listed[0]).not.toHaveProperty('hash');
    expect(listed[0].roles[0].role).not.toHaveProperty('description');
  });

  it('reads an invitation once while nothing changes, and again after any write', async () => {
    const id = await invitation('c@example.org');
    const { q, counted } = counting();
    await listedInvitations(q, db.changes, registry, [id]);
    const reads = counted.statements;
    expect(reads).toBeGreaterThan(0);
    expect(await listedInvitations(q, db.changes, registry, [id])).toHaveLength(1);
    expect(counted.statements).toBe(reads);

    await db.query("UPDATE users SET name = 'Ann Renamed' WHERE id = $1", [inviter]);
    const [renamed] = parsed(await listedInvitations(q, db.changes, registry, [id]));
    expect(renamed.inviter.name).toBe('Ann Renamed');
    expect(counted.statements).toBeGreaterThan(reads);
  });

  it('shapes the roles again when the registry has other applications', async () => {
    const id = await invitation('d@example.org');
    await listedInvitations(db, db.changes, registry, [id]);
    known = new Map([['app-wiki', { ...wiki, 'name:en': 'Wiki 2' } as ApplicationMap]]);
    const [again] = parsed(await listedInvitations(db, db.changes, registry, [id]));
    expect(again.roles[0].role.applicationName).toBe('Wiki 2');
  });

  it('shows an open invitation expired once its expiry date has passed, with nothing written', async () => {
    const id = await invitation('e@example.org', 60_000);
    const [open] = parsed(await listedInvitations(db, db.changes, registry, [id]));
    expect(open.status).toBe('OPEN');
    const later = Date.now() + 120_000;
    const clock = jest.spyOn(Date, 'now').mockReturnValue(later);
    try {
      const [expired] = parsed(await listedInvitations(db, db.changes, registry, [id]));
      expect(expired.status).toBe('EXPIRED');
    } finally {
      clock.mockRestore();
    }
  });

  it('reads every time while changes made elsewhere cannot be seen', async () => {
    const id = await invitation('f@example.org');
    const blind = new WriteClock(false);
    const { q, counted } = counting();
    await listedInvitations(q, blind, registry, [id]);
    const reads = counted.statements;
    await listedInvitations(q, blind, registry, [id]);
    expect(counted.statements).toBe(2 * reads);
  });

  it('reads a page with its rows in one statement after a change, then only its ids', async () => {
    await invitation('g@example.org');
    const admin = { id: inviter, superUser: true, userRoles: [] } as unknown as Parameters<
      typeof searchListedInvitations
    >[3]['user'];
    const search = { user: admin, page: pageSql({ pageSize: 3 }, INVITATION_SORT) };
    const { q, sent } = counting();
    const ofInvitations = () => sent.filter((sql) => sql.includes('invitations i'));
    await db.query("UPDATE invitations SET message = 'changed' WHERE email = 'g@example.org'");
    const cold = await searchListedInvitations(q, db.changes, registry, search);
    expect(ofInvitations()).toHaveLength(1);
    expect(ofInvitations()[0]).toContain('json_agg');
    sent.length = 0;
    const warm = await searchListedInvitations(q, db.changes, registry, search);
    expect(ofInvitations()).toHaveLength(1);
    expect(ofInvitations()[0]).not.toContain('json_agg');
    expect(warm).toEqual(cold);
    expect(cold.texts).toHaveLength(3);
    expect(cold.total).toBeGreaterThan(3);
  });
});
