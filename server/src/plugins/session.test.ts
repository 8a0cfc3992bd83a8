import type { FastifyInstance } from 'fastify';
import { jest } from '@jest/globals';
import { createRole, grantRole } from '../test/fixtures.js';
import { InjectBrowser } from '../test/browser.js';
import { buildTestApp, cookiesFrom, loginAs } from '../test/helper.js';
import { SESSION_COOKIE, SESSION_IDLE_MS, Session, purgeExpiredSessions } from './session.js';

describe('a session', () => {
  it('gets an id and a cookie at its first write, and keeps them at the next', () => {
    const session = new Session(null, {}, 0);
    expect([session.id, session.dirty, session.issueCookie]).toEqual([null, false, false]);
    session.set('csrfToken', 'token');
    const id = session.id;
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect([session.dirty, session.issueCookie, session.get('csrfToken')]).toEqual([true, true, 'token']);
    session.issueCookie = false;
    session.set('userId', 7);
    expect([session.id, session.issueCookie]).toEqual([id, false]);
  });

  it('forgets a value set to undefined', () => {
    const session = new Session('stored', { userId: 7, csrfToken: 'token' }, 0);
    session.set('csrfToken', undefined);
    expect(session.data).toEqual({ userId: 7 });
    expect('csrfToken' in session.data).toBe(false);
    expect([session.id, session.dirty, session.issueCookie]).toEqual(['stored', true, false]);
  });

  it('takes a new id at login and deletes the one it had before, however often it is renewed', () => {
    const session = new Session('before-login', { csrfToken: 'token' }, 0);
    session.regenerate();
    const first = session.id;
    expect(first).not.toBe('before-login');
    expect([session.previousId, session.issueCookie, session.dirty]).toEqual(['before-login', true, true]);
    session.regenerate();
    expect(session.id).not.toBe(first);
    expect(session.previousId).toBe('before-login');
    expect(session.data).toEqual({ csrfToken: 'token' });
    // A session that had no id has none to delete.
    const fresh = new Session(null, {}, 0);
    fresh.regenerate();
    expect(fresh.previousId).toBeNull();
    expect(fresh.id).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('forgets everything at logout, its stored id to be deleted; a later write starts a new session', () => {
    const session = new Session('stored', { userId: 7 }, 0);
    session.set('csrfToken', 'token');
    session.destroy();
    expect([session.id, session.data, session.dirty, session.destroyed, session.previousId]).toEqual([
      null,
      {},
      false,
      true,
      'stored',
    ]);
    session.set('csrfToken', 'again');
    expect(session.destroyed).toBe(false);
    expect(session.id).not.toBeNull();
    expect(session.id).not.toBe('stored');
    // Regenerated before: the id from before the login is the one to delete.
    const renewed = new Session('before-login', {}, 0);
    renewed.regenerate();
    renewed.destroy();
    expect(renewed.previousId).toBe('before-login');
    const none = new Session(null, {}, 0);
    none.destroy();
    expect(none.previousId).toBeNull();
  });
});

describe('sessions read fresh on every request', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  const me = (headers: Record<string, string>) =>
    app.inject({ method: 'GET', url: '/api/v1/users/me', headers });

  /** The statements that read a session, during `fn`. */
  async function sessionReads(fn: () => Promise<unknown>): Promise<number> {
    const spy = jest.spyOn(app.db, 'query');
    try {
      await fn();
      return spy.mock.calls.filter(([sql]) => /FROM sessions s/.test(sql)).length;
    } finally {
      spy.mockRestore();
    }
  }

  it('reads the session with its user in one statement at every request, nothing kept in between', async () => {
    const guest = await loginAs(app, 'guest');
    expect(await sessionReads(() => me(guest.headers))).toBe(1);
    const again = await sessionReads(async () => {
      for (let i = 0; i < 3; i++) expect((await me(guest.headers)).json().email).toBe('guest@example.org');
    });
    expect(again).toBe(3);
  });

  it('sees a user deleted behind its back at the next request', async () => {
    const gone = await loginAs(app, 'gone-soon@example.org');
    expect((await me(gone.headers)).statusCode).toBe(200);
    await app.db.query('DELETE FROM users WHERE id = $1', [gone.userId]);
    expect((await me(gone.headers)).statusCode).toBe(401);
  });

  it("extends a session's expiry once a minute, however many requests find it due at once", async () => {
    // A person with this one session.
    const guest = await loginAs(app, 'extended@example.org');
    const sessionId = async () =>
      (
        await app.db.query<{ id: string }>('SELECT id FROM sessions WHERE data @> $1', [
          JSON.stringify({ userId: guest.userId }),
        ])
      ).rows[0].id;
    const id = await sessionId();
    // Five minutes of its life gone: due for an extension.
    await app.db.query("UPDATE sessions SET expires_at = expires_at - interval '5 minutes' WHERE id = $1", [
      id,
    ]);
    const writes = jest.spyOn(app.db, 'query');
    try {
      await Promise.all(Array.from({ length: 4 }, () => me(guest.headers)));
      const extensions = writes.mock.calls.filter(([sql]) => /UPDATE sessions SET expires_at/.test(sql));
      // Each request that found it due asked; the statement moved it once.
      expect(extensions.length).toBeGreaterThanOrEqual(1);
    } finally {
      writes.mockRestore();
    }
    const { rows } = await app.db.query<{ left: number }>(
      'SELECT extract(epoch FROM expires_at - now())::int AS left FROM sessions WHERE id = $1',
      [id],
    );
    expect(rows[0].left).toBeGreaterThan(8 * 3600 - 60);
  });

  it('extends a session only when that adds more than a minute: at exactly a minute, not even asked', async () => {
    const guest = await loginAs(app, 'extended-at-the-minute@example.org');
    const { rows } = await app.db.query<{ id: string }>('SELECT id FROM sessions WHERE data @> $1', [
      JSON.stringify({ userId: guest.userId }),
    ]);
    const id = rows[0].id;
    // An expiry on a whole second, an hour ahead, and the server's clock set against it.
    const expires = Math.floor(Date.now() / 1000) + 3600;
    await app.db.query('UPDATE sessions SET expires_at = to_timestamp($1) WHERE id = $2', [expires, id]);
    const now = jest.spyOn(Date, 'now');
    const statements = jest.spyOn(app.db, 'query');
    try {
      now.mockReturnValue(expires * 1000 - SESSION_IDLE_MS + 60_000);
      expect((await me(guest.headers)).statusCode).toBe(200);
      expect(statements.mock.calls.filter(([sql]) => /UPDATE sessions/.test(String(sql)))).toEqual([]);
      now.mockReturnValue(expires * 1000 - SESSION_IDLE_MS + 60_001);
      expect((await me(guest.headers)).statusCode).toBe(200);
    } finally {
      statements.mockRestore();
      now.mockRestore();
    }
    const stored = await app.db.query<{ ms: number }>(
      'SELECT (extract(epoch FROM expires_at) * 1000)::float8 AS ms FROM sessions WHERE id = $1',
      [id],
    );
    expect(stored.rows[0].ms).toBe(expires * 1000 + 60_001);
  });

  it("answers the user's new roles at the next request after they changed", async () => {
    const guest = await loginAs(app, 'guest');
    const before = (await me(guest.headers)).json();
    const role = await createRole(app, 'Granted later');
    await grantRole(app, guest.userId, role, 'MANAGER');
    const after = (await me(guest.headers)).json();
    expect(after.userRoles.length).toBe(before.userRoles.length + 1);
    expect(after.highestAuthority).toBe('MANAGER');
  });

  it("answers 401 at the first request after the user's session was deleted", async () => {
    const guest = await loginAs(app, 'guest');
    expect((await me(guest.headers)).statusCode).toBe(200);
    await app.db.query('DELETE FROM sessions WHERE data @> $1', [JSON.stringify({ userId: guest.userId })]);
    expect((await me(guest.headers)).statusCode).toBe(401);
  });

  it('answers 401 after a logout, to every request with the old cookie', async () => {
    const guest = await loginAs(app, 'guest');
    expect((await me(guest.headers)).statusCode).toBe(200);
    const out = await app.inject({ method: 'GET', url: '/api/v1/users/logout', headers: guest.headers });
    expect(out.statusCode).toBeLessThan(300);
    expect((await me(guest.headers)).statusCode).toBe(401);
    expect((await me(guest.headers)).statusCode).toBe(401);
  });

  it('takes a super user right away when it was taken in the database', async () => {
    const admin = await loginAs(app, 'admin');
    const search = () =>
      app.inject({ method: 'GET', url: '/api/v1/users/search?query=a', headers: admin.headers });
    expect((await search()).statusCode).toBe(200);
    await app.db.query('UPDATE users SET super_user = false WHERE id = $1', [admin.userId]);
    try {
      expect((await search()).statusCode).toBe(403);
    } finally {
      await app.db.query('UPDATE users SET super_user = true WHERE id = $1', [admin.userId]);
    }
  });
});

describe('session cookies', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(async () => {
    await app.close();
  });
  const sessionRows = async () =>
    Number((await app.db.query('SELECT count(*) AS n FROM sessions')).rows[0].n);

  it('are signed, HttpOnly, SameSite=Lax and for the whole site; not Secure over http', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/csrf' });
    const line = String(res.headers['set-cookie']);
    expect(line).toMatch(new RegExp(`^${SESSION_COOKIE}=[^;]+\\.[^;]+;`));
    expect(line.split('; ').slice(1).sort()).toEqual(['HttpOnly', 'Path=/', 'SameSite=Lax']);
    const id = app.unsignCookie(decodeURIComponent(line.split(';')[0].split('=')[1]));
    expect(id.valid).toBe(true);
    const { rows } = await app.db.query<{ data: { csrfToken: string } }>(
      'SELECT data FROM sessions WHERE id = $1',
      [id.value],
    );
    expect(rows[0].data.csrfToken).toBe(res.json().token);
  });

  it('are set only when a session begins: a request that writes nothing stores nothing', async () => {
    const before = await sessionRows();
    const statements = jest.spyOn(app.db, 'query');
    try {
      const anonymous = await app.inject({ method: 'GET', url: '/api/v1/users/me' });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.headers['set-cookie']).toBeUndefined();
      // Nothing to read, write or extend.
      expect(statements.mock.calls.filter(([sql]) => /sessions/.test(String(sql)))).toEqual([]);
    } finally {
      statements.mockRestore();
    }
    const guest = await loginAs(app, 'guest');
    const known = await app.inject({ method: 'GET', url: '/api/v1/users/me', headers: guest.headers });
    expect(known.headers['set-cookie']).toBeUndefined();
    expect(await sessionRows()).toBe(before + 1);
  });

  it('change at login: the session before it is deleted, its cookie worthless', async () => {
    const browser = new InjectBrowser(app);
    await browser.request('GET', '/api/v1/csrf');
    const before = browser.cookie;
    await browser.login('inviter');
    expect(browser.cookie).not.toBe(before);
    const me = (cookie: string) =>
      app.inject({ method: 'GET', url: '/api/v1/users/me', headers: { cookie } });
    expect((await me(browser.cookie)).json().email).toBe('inviter@example.org');
    expect((await me(before)).statusCode).toBe(401);
    const beforeId = app.unsignCookie(decodeURIComponent(before.split('=')[1])).value;
    expect((await app.db.query('SELECT 1 FROM sessions WHERE id = $1', [beforeId])).rows).toHaveLength(0);
  });

  it('are cleared at logout and the session row deleted', async () => {
    const guest = await loginAs(app, 'guest');
    const before = await sessionRows();
    const out = await app.inject({ method: 'GET', url: '/api/v1/users/logout', headers: guest.headers });
    expect(String(out.headers['set-cookie'])).toMatch(
      new RegExp(`^${SESSION_COOKIE}=; .*Expires=Thu, 01 Jan 1970 00:00:00 GMT`),
    );
    expect(String(out.headers['set-cookie'])).toMatch(/Path=\//);
    expect(cookiesFrom(out.headers['set-cookie'], guest.cookie)).toBe('');
    expect(await sessionRows()).toBe(before - 1);
  });

  it('are not extended by a request while more than a minute of 8 hours is left', async () => {
    const guest = await loginAs(app, 'guest');
    const statements = jest.spyOn(app.db, 'query');
    try {
      expect(
        (await app.inject({ method: 'GET', url: '/api/v1/users/me', headers: guest.headers })).statusCode,
      ).toBe(200);
      expect(statements.mock.calls.filter(([sql]) => /UPDATE sessions/.test(String(sql)))).toEqual([]);
    } finally {
      statements.mockRestore();
    }
  });

  it('are not read outside the API nor by a route that authenticates itself; only API answers say the session is alive', async () => {
    const guest = await loginAs(app, 'guest');
    const read = jest.spyOn(app.db, 'query');
    try {
      const page = await app.inject({ method: 'GET', url: '/dev-idp/nothing-here', headers: guest.headers });
      expect(page.headers['x-session-alive']).toBeUndefined();
      const external = await app.inject({
        method: 'GET',
        url: '/api/external/v1/roles',
        headers: guest.headers,
      });
      expect(external.statusCode).toBe(401);
      expect(read.mock.calls.filter(([sql]) => /FROM sessions s/.test(String(sql)))).toHaveLength(0);
    } finally {
      read.mockRestore();
    }
    // The console's page is no answer of the API either.
    const index = await app.inject({ method: 'GET', url: '/', headers: guest.headers });
    expect(index.headers['x-session-alive']).toBeUndefined();
    const api = await app.inject({ method: 'GET', url: '/api/v1/users/me', headers: guest.headers });
    expect(api.headers['x-session-alive']).toBe('true');
  });

  it('answer a request refused before its session was read, and set no cookie', async () => {
    const guest = await loginAs(app, 'guest');
    // plugins/bad-input.ts refuses a percent-escaped /api/ before the session is read.
    const res = await app.inject({ method: 'GET', url: '/%61pi/v1/csrf', headers: guest.headers });
    expect([res.statusCode, res.json().message, res.headers['set-cookie']]).toEqual([
      400,
      'An API path is spelled /api/..., without percent-escapes in that part',
      undefined,
    ]);
  });

  it('answer 401 to a cookie that is signed but names no stored session, or is empty', async () => {
    /** The answer's status, and whether the session was looked up in the database. */
    const me = async (cookie: string) => {
      const reads = jest.spyOn(app.db, 'query');
      try {
        const res = await app.inject({ method: 'GET', url: '/api/v1/users/me', headers: { cookie } });
        return [res.statusCode, reads.mock.calls.some(([sql]) => /FROM sessions s/.test(String(sql)))];
      } finally {
        reads.mockRestore();
      }
    };
    expect(await me(`${SESSION_COOKIE}=${app.signCookie('no-such-session')}`)).toEqual([401, true]);
    // Only a signed, non-empty id is looked up.
    expect(await me(`${SESSION_COOKIE}=${app.signCookie('')}`)).toEqual([401, false]);
    expect(await me(`${SESSION_COOKIE}=`)).toEqual([401, false]);
    const forged = app.signCookie('no-such-session').replace(/\.[^.]+$/, '.forged');
    expect(await me(`${SESSION_COOKIE}=${forged}`)).toEqual([401, false]);
  });

  it('answers 401 to a session cookie whose signature was changed, after the good one was used', async () => {
    const guest = await loginAs(app, 'guest');
    const me = (cookie: string) =>
      app.inject({ method: 'GET', url: '/api/v1/users/me', headers: { ...guest.headers, cookie } });
    const cookie = guest.headers.cookie;
    expect((await me(cookie)).statusCode).toBe(200);
    // One character of the signature (the cookie ends with it) changed.
    const at = cookie.length - 5;
    const tampered = `${cookie.slice(0, at)}${cookie[at] === 'A' ? 'B' : 'A'}${cookie.slice(at + 1)}`;
    expect(tampered).not.toBe(cookie);
    expect((await me(tampered)).statusCode).toBe(401);
    expect((await me(cookie)).statusCode).toBe(200);
  });
});

describe('expired sessions', () => {
  /** Two expired sessions and a live one, in `app`'s database. */
  async function sessionsToPurge(app: FastifyInstance) {
    await app.db.query(
      `INSERT INTO sessions (id, data, expires_at) VALUES
         ('expired-1', '{}', now() - interval '1 second'), ('expired-2', '{}', now() - interval '1 hour'),
         ('live', '{}', now() + interval '1 hour')`,
    );
    return async () =>
      (await app.db.query<{ id: string }>('SELECT id FROM sessions ORDER BY id')).rows.map((row) => row.id);
  }

  it('are purged, the count of rows gone answered', async () => {
    const app = await buildTestApp();
    try {
      const left = await sessionsToPurge(app);
      expect(await purgeExpiredSessions(app)).toBe(2);
      expect(await left()).toEqual(['live']);
    } finally {
      await app.close();
    }
  });

  it("are purged at the cleanup job's pace, a failed purge logged as a warning, the timer ended at close", async () => {
    // The interval timers set while the app gets ready, caught: they never fire on their own, the test
    // runs them (the cleanup job's timer, on the same interval, runs along).
    const INTERVAL = 3_600_123;
    const timers: Array<{ run: () => void; handle: NodeJS.Timeout }> = [];
    const realSetInterval = globalThis.setInterval;
    const setTimer = jest.spyOn(globalThis, 'setInterval').mockImplementation(((
      run: () => void,
      ms?: number,
    ) => {
      const handle = realSetInterval(() => undefined, 2 ** 31 - 1);
      handle.unref();
      if (ms === INTERVAL) timers.push({ run, handle });
      return handle;
    }) as typeof setInterval);
    const cleared: unknown[] = [];
    const realClearInterval = globalThis.clearInterval;
    const clearTimer = jest.spyOn(globalThis, 'clearInterval').mockImplementation(((
      handle?: NodeJS.Timeout,
    ) => {
      cleared.push(handle);
      realClearInterval(handle);
    }) as typeof clearInterval);
    let app: FastifyInstance | undefined;
    try {
      app = await buildTestApp({ config: { cronCleanupMs: INTERVAL } });
      const left = await sessionsToPurge(app);
      const original = app.db.query.bind(app.db);
      const statements = jest.spyOn(app.db, 'query');
      /** Runs the timers, and waits until the statements they asked (one after the other) are done. */
      const runTimers = async () => {
        for (const { run } of timers) run();
        let seen = -1;
        while (seen !== statements.mock.calls.length) {
          seen = statements.mock.calls.length;
          await Promise.allSettled(statements.mock.results.map((result) => result.value));
          await new Promise((resolve) => setImmediate(resolve));
        }
      };
      await runTimers();
      expect(await left()).toEqual(['live']);

      const failure = new Error('the database is gone');
      const warn = jest.spyOn(app.log, 'warn');
      statements.mockImplementation(((sql: string, ...rest: unknown[]) =>
        sql.startsWith('DELETE FROM sessions')
          ? Promise.reject(failure)
          : (original as (...args: unknown[]) => unknown)(sql, ...rest)) as never);
      await runTimers();
      expect(warn).toHaveBeenCalledWith({ err: failure }, 'session purge failed');
      statements.mockRestore();
    } finally {
      await app?.close();
      setTimer.mockRestore();
      clearTimer.mockRestore();
    }
    expect(timers.length).toBeGreaterThan(0);
    expect(timers.filter(({ handle }) => !cleared.includes(handle))).toEqual([]);
  });
});
