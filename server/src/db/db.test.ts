import { jest } from '@jest/globals';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freshTestDb } from '../test/template-db.js';
import { migrate } from './migrate.js';
import { PGlite } from '@electric-sql/pglite';
import {
  analyzeWhenDue,
  checkpointWhenDue,
  DataDirLockedError,
  dbOverPglite,
  lockDataDir,
  lockSocketPath,
  openPglite,
  PGLITE_EXTENSIONS,
} from './pglite-db.js';
import type { Db } from './types.js';

describe('database', () => {
  let db: Db;
  beforeAll(async () => {
    db = await freshTestDb();
  });
  afterAll(async () => {
    await db.close();
  });

  it('has every migration recorded, and applying them again does nothing', async () => {
    const { rows } = await db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
    expect(rows[0].name).toBe('001_init.sql');
    expect(await migrate(db)).toEqual([]);
  });

  it('applies a new migration once, in order', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-migrations-'));
    fs.writeFileSync(path.join(dir, '900_b.sql'), 'ALTER TABLE probe ADD COLUMN b INT;');
    fs.writeFileSync(path.join(dir, '899_a.sql'), 'CREATE TABLE probe (a INT);');
    try {
      expect(await migrate(db, dir)).toEqual(['899_a.sql', '900_b.sql']);
      expect(await migrate(db, dir)).toEqual([]);
      await db.query('INSERT INTO probe (a, b) VALUES (1, 2)');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reports a failing migration by name and applies none of the run', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-migrations-'));
    fs.writeFileSync(path.join(dir, '950_ok.sql'), 'CREATE TABLE never_kept (a INT);');
    fs.writeFileSync(path.join(dir, '951_bad.sql'), 'CREATE TABLE oops (;');
    try {
      await expect(migrate(db, dir)).rejects.toThrow(/Migration 951_bad\.sql failed/);
      const { rows } = await db.query("SELECT to_regclass('never_kept') AS t");
      expect(rows[0]).toEqual({ t: null });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('commits a transaction, rolls one back on error, and returns ids as numbers', async () => {
    const id = await db.tx(async (q) => {
      const { rows } = await q.query<{ id: number }>(
        "INSERT INTO users (sub) VALUES ('tx-kept') RETURNING id",
      );
      return rows[0].id;
    });
    expect(typeof id).toBe('number');
    await expect(
      db.tx(async (q) => {
        await q.query("INSERT INTO users (sub) VALUES ('tx-dropped')");
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const { rows } = await db.query<{ sub: string }>("SELECT sub FROM users WHERE sub LIKE 'tx-%'");
    expect(rows.map((r) => r.sub)).toEqual(['tx-kept']);
  });

  it('keeps the search words of users and invitations with their names and addresses', async () => {
    const finds = async (table: 'users' | 'invitations', id: number, text: string) =>
      (
        await db.query<{ hit: boolean }>(
          `SELECT search_words @@ user_search_query($2) AS hit FROM ${table} WHERE id = $1`,
          [id, text],
        )
      ).rows[0].hit;
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO users (sub, name, email, schac_home_organization)
       VALUES ('words-1', 'Jan de Vries', 'j.devries@uni.example', 'uni.example') RETURNING id`,
    );
    const user = rows[0].id;
    expect(await finds('users', user, 'jan de vr')).toBe(true);
    expect(await finds('users', user, 'devries@uni')).toBe(true);
    await db.query(`UPDATE users SET name = 'Janneke Bos', email = 'janneke@elders.example' WHERE id = $1`, [
      user,
    ]);
    expect(await finds('users', user, 'vries')).toBe(false);
    expect(await finds('users', user, 'janneke bos')).toBe(true);
    // Written directly, the words are made again from the name and addresses.
    await db.query(`UPDATE users SET search_words = to_tsvector('simple', 'forged') WHERE id = $1`, [user]);
    expect(await finds('users', user, 'forged')).toBe(false);
    expect(await finds('users', user, 'elders')).toBe(true);

    const invitation = (
      await db.query<{ id: number }>(
        `INSERT INTO invitations (hash, email, intended_authority, expiry_date)
         VALUES ('words-hash-1', 'Piet.Klaassen@school.example', 'GUEST', now() + interval '1 day') RETURNING id`,
      )
    ).rows[0].id;
    expect(await finds('invitations', invitation, 'piet.klaas')).toBe(true);
    await db.query(`UPDATE invitations SET email = 'kees@school.example' WHERE id = $1`, [invitation]);
    expect(await finds('invitations', invitation, 'piet')).toBe(false);
    expect(await finds('invitations', invitation, 'kees@school')).toBe(true);
  });

  it('keeps concurrent transactions apart', async () => {
    const results = await Promise.allSettled([
      db.tx(async (q) => {
        await q.query("INSERT INTO users (sub) VALUES ('concurrent-a')");
        await new Promise((resolve) => setTimeout(resolve, 20));
        throw new Error('roll back a');
      }),
      db.tx(async (q) => {
        await q.query("INSERT INTO users (sub) VALUES ('concurrent-b')");
      }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled']);
    const { rows } = await db.query<{ sub: string }>("SELECT sub FROM users WHERE sub LIKE 'concurrent-%'");
    expect(rows.map((r) => r.sub)).toEqual(['concurrent-b']);
  });

  const onPostgres = process.env.TEST_DATABASE_URL ? it : it.skip;
  onPostgres('answers on after the server ended its idle connections, quietly', async () => {
    const warn = jest.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    try {
      // Several connections idle in the pool.
      await Promise.all(Array.from({ length: 3 }, () => db.query('SELECT pg_sleep(0.01)')));
      const ended = await db.tx(async (q) => {
        const { rows } = await q.query<{ n: number }>(
          `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
            WHERE datname = current_database() AND application_name = current_setting('application_name')
              AND pid <> pg_backend_pid() AND backend_type = 'client backend' AND state = 'idle'`,
        );
        return rows[0].n;
      });
      expect(ended).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 100));
      // The process is still up (an unheard 'error' event would have ended it), and the pool answers.
      const { rows } = await db.query<{ one: number }>('SELECT 1 AS one');
      expect(rows).toEqual([{ one: 1 }]);
      // Not a line per pooled connection: an outage is logged once, by the requests that meet it.
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  });
});
