import type { Db } from '../db/types.js';
import { countingQueries } from '../test/counting.js';
import { freshTestDb } from '../test/template-db.js';
import { listedUsers, searchListedUsers } from './user-memo.js';

describe('users listed by id', () => {
  let db: Db;
  let ann: number;
  let bob: number;
  let role: number;

  const user = async (sub: string, name: string) =>
    Number(
      (
        await db.query<{ id: string }>(
          `INSERT INTO users (sub, email, name, schac_home_organization) VALUES ($1, $1 || '@example.org', $2, 'example.org')
           RETURNING id`,
          [sub, name],
        )
      ).rows[0].id,
    );

  beforeAll(async () => {
    db = await freshTestDb();
    ann = await user('ann', 'Ann Example');
    bob = await user('bob', 'Bob Example');
    role = Number(
      (
        await db.query<{ id: string }>(
          `INSERT INTO roles (name, short_name, urn, description, default_expiry_days)
           VALUES ('Wiki Editors', 'wiki', 'urn:test:wiki', 'Edits', 365) RETURNING id`,
        )
      ).rows[0].id,
    );
    await db.query("INSERT INTO user_roles (user_id, role_id, authority) VALUES ($1, $2, 'INVITER')", [
      ann,
      role,
    ]);
  });
  afterAll(() => db.close());

  const counting = () => countingQueries(db);
  const parsed = (texts: string[]) => texts.map((text) => JSON.parse(text));

  it('writes each user as the users search lists it, with the highest authority held, in the order of the ids', async () => {
    const [b, a] = parsed(await listedUsers(db, db.changes, [bob, 999_999, ann]));
    expect(b).toEqual({
      id: bob,
      sub: 'bob',
      name: 'Bob Example',
      email: 'bob@example.org',
      schac_home_organization: 'example.org',
      schacHomeOrganization: 'example.org',
      superUser: false,
      institutionAdmin: false,
      createdAt: expect.any(Number),
      lastActivity: expect.any(Number),
    });
    expect(a).toMatchObject({ id: ann, name: 'Ann Example', authority: 'INVITER' });
  });

  it('reads a user once while nothing changes, and again after any write', async () => {
    const { q, counted } = counting();
    await db.query("UPDATE users SET name = 'Ann Renamed' WHERE id = $1", [ann]);
    expect(parsed(await listedUsers(q, db.changes, [ann]))[0].name).toBe('Ann Renamed');
    const reads = counted.statements;
    expect(reads).toBe(1);
    await listedUsers(q, db.changes, [ann]);
    expect(counted.statements).toBe(reads);

    await db.query("UPDATE user_roles SET authority = 'MANAGER' WHERE user_id = $1", [ann]);
    const [promoted] = parsed(await listedUsers(q, db.changes, [ann]));
    expect(promoted.authority).toBe('MANAGER');
    expect(counted.statements).toBe(2);
  });

  it('reads a page with its rows after a change, then only its ids', async () => {
    const { q, sent } = counting();
    const query = { pageNumber: 0, pageSize: 2 };
    await db.query("UPDATE users SET name = 'Bob Changed' WHERE id = $1", [bob]);
    const cold = await searchListedUsers(q, db.changes, query);
    expect(sent.some((sql) => sql.includes('json_agg'))).toBe(true);
    sent.length = 0;
    const warm = await searchListedUsers(q, db.changes, query);
    expect(sent).toHaveLength(1);
    expect(sent[0]).not.toContain('json_agg');
    expect(warm).toEqual(cold);
    expect(cold.texts.map((text) => JSON.parse(text).name)).toEqual(['Ann Renamed', 'Bob Changed']);
  });
});
