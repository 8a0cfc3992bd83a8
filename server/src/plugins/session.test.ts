import type { FastifyInstance } from 'fastify';
import { jest } from '@jest/globals';
import { createRole, grantRole } from '../test/fixtures.js';
import { buildTestApp, loginAs } from '../test/helper.js';

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
  it('answers 401 to a session cookie whose signature was changed, after the good one was used', async () => {
    const app = await buildTestApp();
    try {
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
    } finally {
      await app.close();
    }
  });
});
