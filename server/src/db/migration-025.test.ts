/**
 * Migration 025 (rights follow their source) on a database of the version before it: the rights accepted
 * invitations gave become grants, every other stored right counts as what the claims said, and nobody's
 * effective right changes until the start-up reconcile (super users) or their next login.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { reconcileSuperUsers } from '../stores/authority-grants.store.js';
import { withDatabase } from '../test/template-db.js';
import { migrate, MIGRATIONS_DIR } from './migrate.js';
import { dbOverPglite, PGLITE_EXTENSIONS } from './pglite-db.js';
import { poolDb } from './pool-db.js';
import type { Db } from './types.js';

const MIGRATION = '025_authority_grants.sql';

/** An empty database (PostgreSQL's with TEST_DATABASE_URL, else PGlite in memory) and its removal. */
async function emptyDb(): Promise<Db> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return dbOverPglite(await PGlite.create({ extensions: PGLITE_EXTENSIONS }));
  const name = `portal_m_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return poolDb(new pg.Pool({ connectionString: withDatabase(url, name), max: 2 }), 'postgres', async () => {
    const dropper = new pg.Client({ connectionString: url });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await dropper.end();
  });
}

/** A folder with the migrations before 025 (and 025 itself when `upTo025`). */
function migrationsDir(dir: string, upTo025: boolean): void {
  for (const file of fs.readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql'))) {
    if (file < MIGRATION || (upTo025 && file === MIGRATION)) {
      const target = path.join(dir, file);
      if (!fs.existsSync(target)) fs.copyFileSync(path.join(MIGRATIONS_DIR, file), target);
    }
  }
}

describe('migration 025 on a database of before', () => {
  let db: Db;
  let dir: string;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    db = await emptyDb();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-migration-025-'));
    migrationsDir(dir, false);
    await migrate(db, dir);
    const user = async (key: string, superUser: boolean, admin: boolean, guid: string | null) => {
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO users (sub, name, email, super_user, institution_admin, organization_guid)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [`urn:test:${key}`, `Name ${key}`, `${key}@example.org`, superUser, admin, guid],
      );
      ids[key] = Number(rows[0].id);
    };
    await user('inviter', true, false, null); // a configured super user
    await user('invitedSuper', true, false, null);
    await user('otherSuper', true, false, null); // no invitation explains it
    await user('invitedAdmin', false, true, 'org-g');
    await user('entitledAdmin', false, true, 'org-g');
    await user('revertedAdmin', false, false, null); // accepted an invitation, the right since gone
    await user('claimsGuid', false, false, 'org-x');
    const accepted = async (key: string, authority: string, guid: string | null) => {
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO invitations (hash, email, intended_authority, status, organization_guid, expiry_date,
                                  inviter_id, accepted_by, accepted_at)
         VALUES ($1, $2, $3, 'ACCEPTED', $4, now() + interval '1 day', $5, $6, now() - interval '3 days')
         RETURNING id`,
        [`hash-${key}`, `${key}@example.org`, authority, guid, ids.inviter, ids[key]],
      );
      ids[`invitation:${key}`] = Number(rows[0].id);
    };
    await accepted('invitedSuper', 'SUPER_USER', null);
    await accepted('invitedAdmin', 'INSTITUTION_ADMIN', 'org-g');
    await accepted('revertedAdmin', 'INSTITUTION_ADMIN', 'org-g');
    migrationsDir(dir, true);
    expect(await migrate(db, dir)).toEqual([MIGRATION]);
  });
  afterAll(async () => {
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('makes a grant of every right an accepted invitation gave and the user still holds', async () => {
    const { rows } = await db.query(
      `SELECT user_id::int AS user_id, authority, organization_guid, invitation_id::int AS invitation_id,
              granted_by_id::int AS granted_by_id, granted_by_name, granted_at < now() - interval '2 days' AS then
         FROM authority_grants ORDER BY user_id`,
    );
    expect(rows).toEqual([
      {
        user_id: ids.invitedSuper,
        authority: 'SUPER_USER',
        organization_guid: null,
        invitation_id: ids['invitation:invitedSuper'],
        granted_by_id: ids.inviter,
        granted_by_name: 'Name inviter',
        then: true,
      },
      {
        user_id: ids.invitedAdmin,
        authority: 'INSTITUTION_ADMIN',
        organization_guid: 'org-g',
        invitation_id: ids['invitation:invitedAdmin'],
        granted_by_id: ids.inviter,
        granted_by_name: 'Name inviter',
        then: true,
      },
    ]);
  });

  it('counts every other right as the claims, and changes no effective right', async () => {
    const { rows } = await db.query<Record<string, unknown>>(
      `SELECT sub, super_user, institution_admin, organization_guid, claims_institution_admin,
              claims_organization_guid
         FROM users ORDER BY id`,
    );
    const bySub = Object.fromEntries(rows.map((r) => [String(r.sub).slice('urn:test:'.length), r]));
    expect(bySub.entitledAdmin).toMatchObject({
      institution_admin: true,
      organization_guid: 'org-g',
      claims_institution_admin: true,
      claims_organization_guid: 'org-g',
    });
    expect(bySub.invitedAdmin).toMatchObject({
      institution_admin: true,
      organization_guid: 'org-g',
      claims_institution_admin: false,
      claims_organization_guid: null,
    });
    expect(bySub.claimsGuid).toMatchObject({
      claims_institution_admin: false,
      claims_organization_guid: 'org-x',
    });
    expect(bySub.otherSuper).toMatchObject({ super_user: true });
  });

  it('leaves to the first start the super users neither the setting nor a grant explains', async () => {
    expect(await reconcileSuperUsers(db, ['urn:test:inviter'])).toBe(1);
    const { rows } = await db.query<{ sub: string }>('SELECT sub FROM users WHERE super_user ORDER BY id');
    expect(rows.map((r) => r.sub)).toEqual(['urn:test:inviter', 'urn:test:invitedSuper']);
    // A second instance starting with the same setting changes nothing.
    expect(await reconcileSuperUsers(db, ['urn:test:inviter'])).toBe(0);
  });
});
