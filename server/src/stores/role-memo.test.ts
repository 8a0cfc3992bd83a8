import { WriteClock } from '../db/change-clock.js';
import type { Db } from '../db/types.js';
import { countingQueries } from '../test/counting.js';
import { freshTestDb } from '../test/template-db.js';
import type { ApplicationMap, User } from 'shared-auth/rules';
import type { Registry } from '../registry/registry.js';
import { pageSql } from '../domain/paging.js';
import { listedRoles, searchListedRoles } from './role-list-memo.js';
import { ROLE_SORT } from './roles.store.js';
import { RoleMemo, roleRowsById, shapedRole } from './role-memo.js';
import { toRole, type RoleSelectRow } from './role.rows.js';

const row = (id: number, name: string) => ({ id, name, usages: [] }) as unknown as RoleSelectRow;

describe('the role memo', () => {
  it('gives a row back only at the reading it was read at', () => {
    const memo = new RoleMemo();
    memo.set([row(1, 'One')], 7);
    expect(memo.get(1, 7)?.name).toBe('One');
    expect(memo.get(1, 8)).toBeUndefined();
    // Dropped once seen stale.
    expect(memo.get(1, 7)).toBeUndefined();
  });

  it('keeps nothing while the clock cannot see changes made elsewhere', () => {
    const memo = new RoleMemo();
    memo.set([row(1, 'One')], null);
    expect(memo.get(1, null)).toBeUndefined();
  });

  it('keeps the newest rows up to its size, frozen', () => {
    const memo = new RoleMemo(2);
    memo.set([row(1, 'One'), row(2, 'Two')], 1);
    memo.set([row(3, 'Three')], 1);
    expect([1, 2, 3].map((id) => memo.get(id, 1)?.name)).toEqual([undefined, 'Two', 'Three']);
    expect(Object.isFrozen(memo.get(3, 1))).toBe(true);
  });
});

describe('roles shaped from kept rows', () => {
  const wiki = { id: 'app-wiki', manageId: 'app-wiki', name: 'Wiki' } as unknown as ApplicationMap;
  const kept = {
    id: 4,
    name: 'Wiki Editors',
    usages: [{ manage_id: 'app-wiki', manage_type: 'saml20_sp', landing_page: 'https://wiki.example/' }],
  } as unknown as RoleSelectRow;

  it('shapes a row once for the same applications, as toRole does, and again for new ones', () => {
    const known = new Map([['app-wiki', wiki]]);
    const first = shapedRole(kept, known);
    expect(first).toEqual(toRole(kept, known));
    expect(first.applicationMaps?.[0]).toMatchObject({ name: 'Wiki', landingPage: 'https://wiki.example/' });
    expect(shapedRole(kept, known)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    // The registry read again (a new map): shaped from its applications.
    const renamed = new Map([['app-wiki', { ...wiki, name: 'Wiki 2' } as ApplicationMap]]);
    expect(shapedRole(kept, renamed).applicationMaps?.[0]).toMatchObject({ name: 'Wiki 2' });
    // Another row (read again after a change): shaped from it.
    const changed = { ...kept, name: 'Wiki Writers' } as RoleSelectRow;
    expect(shapedRole(changed, renamed).name).toBe('Wiki Writers');
  });
});

describe('role rows by id', () => {
  let db: Db;
  let ids: number[];
  beforeAll(async () => {
    db = await freshTestDb();
    for (const name of ['Alpha', 'Beta']) {
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO roles (name, short_name, urn, description, default_expiry_days)
         VALUES ($1, lower($1), 'urn:test:' || lower($1), $1, 365) RETURNING id`,
        [name],
      );
      ids = [...(ids ?? []), Number(rows[0].id)];
    }
  });
  afterAll(() => db.close());

  const counting = () => countingQueries(db);

  it('reads a role once while nothing changes, and again after any write', async () => {
    const { q, counted } = counting();
    const first = await roleRowsById(q, db.changes, [ids[0], ids[1], ids[0], 999_999]);
    expect([...first.values()].map((r) => r.name).sort()).toEqual(['Alpha', 'Beta']);
    expect(counted.statements).toBe(1);
    const again = await roleRowsById(q, db.changes, ids);
    expect(again.get(ids[1])?.name).toBe('Beta');
    expect(counted.statements).toBe(1);

    await db.query("UPDATE roles SET name = 'Beta Two' WHERE id = $1", [ids[1]]);
    const changed = await roleRowsById(q, db.changes, ids);
    expect(changed.get(ids[1])?.name).toBe('Beta Two');
    expect(counted.statements).toBe(2);
  });

  it('lists roles as their texts with the counts given, read once while nothing changes', async () => {
    const known = new Map<string, ApplicationMap>();
    const registry = { applicationMaps: async () => known } as unknown as Registry;
    await db.query("UPDATE roles SET description = 'Read again' WHERE id = $1", [ids[0]]);
    const { q, counted } = counting();
    const listed = async (counts: number[], gone: number[] = []) =>
      (
        await listedRoles(q, db.changes, registry, [
          { id: ids[1], userRoleCount: counts[1] },
          ...gone.map((id) => ({ id, userRoleCount: 9 })),
          { id: ids[0], userRoleCount: counts[0] },
        ])
      ).map((text) => JSON.parse(text));
    // A role deleted since its page was read is left out.
    const first = await listed([3, 0], [999_999]);
    expect(first.map((r) => [r.id, r.userRoleCount])).toEqual([
      [ids[1], 0],
      [ids[0], 3],
    ]);
    expect(first[1]).toMatchObject({
      name: 'Alpha',
      description: 'Read again',
      shortName: 'alpha',
      urn: 'urn:test:alpha',
      defaultExpiryDays: 365,
      applicationMaps: [],
      unknownInManage: true,
    });
    expect(counted.statements).toBe(1);
    // The counts are the caller's: each page gives its own, the texts are not read again.
    expect((await listed([4, 1])).map((r) => r.userRoleCount)).toEqual([1, 4]);
    expect(counted.statements).toBe(1);
  });

  it("reads a super user's page whole after a change, then only its ids and member counts", async () => {
    const registry = { applicationMaps: async () => new Map() } as unknown as Registry;
    const scope = { user: { id: 1, superUser: true, userRoles: [] } as unknown as User, force: false };
    const page = pageSql({}, ROLE_SORT);
    const { q, sent } = counting();
    await db.query("UPDATE roles SET description = 'Changed' WHERE id = $1", [ids[1]]);
    const cold = await searchListedRoles(q, db.changes, registry, scope, page);
    expect(sent).toHaveLength(1);
    sent.length = 0;
    const warm = await searchListedRoles(q, db.changes, registry, scope, page);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatch(/SELECT r\.id, r\.user_role_count,/);
    expect(warm).toEqual(cold);
    expect(cold.total).toBe(2);
    expect(cold.texts.map((text) => JSON.parse(text))).toEqual([
      expect.objectContaining({ id: ids[0], name: 'Alpha', userRoleCount: 0 }),
      expect.objectContaining({ id: ids[1], description: 'Changed', userRoleCount: 0 }),
    ]);
  });

  it('reads every time while changes made elsewhere cannot be seen', async () => {
    const blind = new WriteClock(false);
    const { q, counted } = counting();
    await roleRowsById(q, blind, ids);
    await roleRowsById(q, blind, ids);
    expect(counted.statements).toBe(2);
  });
});
