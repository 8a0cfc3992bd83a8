/**
 * Every advisory lock key is declared once (locks.ts), the keys are distinct, and no other source file
 * takes an advisory lock of its own. Over PostgreSQL: a held job lock does not stop provisioning planning
 * (they once shared a key).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { REPO_ROOT } from '../config.js';
import { addMember, addUser, apiApp, insertRole } from '../test/api-kit.js';
import { LOCK_KEYS, withJobLock } from './locks.js';

const SERVER = path.join(REPO_ROOT, 'server');

async function sourceFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist') out.push(...(await sourceFiles(full)));
    } else if (/\.(ts|js|mjs|cjs|sql)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) {
      out.push(full);
    }
  }
  return out;
}

describe('advisory lock keys', () => {
  it('are distinct', () => {
    const values = Object.values(LOCK_KEYS);
    expect(new Set(values).size).toBe(values.length);
    for (const value of values) expect(Number.isSafeInteger(value)).toBe(true);
  });

  it('are taken only through locks.ts: no other source file or migration calls an advisory-lock function', async () => {
    const files = [
      ...(await sourceFiles(path.join(SERVER, 'src'))),
      ...(await sourceFiles(path.join(SERVER, 'migrations'))),
      ...(await sourceFiles(path.join(REPO_ROOT, 'e2e'))),
    ];
    expect(files.length).toBeGreaterThan(50);
    const offenders: string[] = [];
    for (const file of files) {
      if (file === path.join(SERVER, 'src', 'db', 'locks.ts')) continue;
      const text = await readFile(file, 'utf8');
      if (/pg_(try_)?advisory|advisory_(xact_)?lock/i.test(text))
        offenders.push(path.relative(REPO_ROOT, file));
    }
    expect(offenders).toEqual([]);
  });
});

// PGlite has one session (every lock is granted there); two sessions show the keys apart.
const onPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;
onPostgres('over PostgreSQL', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await apiApp();
  });
  afterAll(() => app.close());

  /** Holds `key` in another session until the returned release is called. */
  async function hold(key: (typeof LOCK_KEYS)[keyof typeof LOCK_KEYS]) {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let taken!: () => void;
    const held = new Promise<void>((resolve) => (taken = resolve));
    const holder = withJobLock(app.db, key, async () => {
      taken();
      await released;
    });
    await held;
    return async () => {
      release();
      expect(await holder).toEqual({ ran: true, result: undefined });
    };
  }

  const pendingChanges = async () =>
    Number((await app.db.query<{ n: string }>('SELECT count(*) AS n FROM provisioning_changes')).rows[0]!.n);

  it('a held inactive-users job lock does not stop planning (the planner has a key of its own)', async () => {
    const release = await hold(LOCK_KEYS.inactiveUsers);
    try {
      const role = await insertRole(app, 'Planned While Tidying');
      await addMember(app, await addUser(app, 'planned@example.org'), role, 'GUEST');
      expect(await pendingChanges()).toBeGreaterThan(0);
      // With the old shared key this drain never planned (it spins until the lock is free).
      await app.provisioning.drain();
      expect(await pendingChanges()).toBe(0);
    } finally {
      await release();
    }
  }, 30_000);

  it('a held planning lock makes another planner skip: a second job run on the same key is refused', async () => {
    const release = await hold(LOCK_KEYS.provisioningPlan);
    try {
      expect(await withJobLock(app.db, LOCK_KEYS.provisioningPlan, async () => 'ran')).toEqual({
        ran: false,
      });
      expect(await withJobLock(app.db, LOCK_KEYS.inactiveUsers, async () => 'ran')).toEqual({
        ran: true,
        result: 'ran',
      });
    } finally {
      await release();
    }
  });
});
