import type { FastifyInstance } from 'fastify';
import { jest } from '@jest/globals';
import { createRole, grantRole } from '../test/fixtures.js';
import { buildTestApp, loginAs } from '../test/helper.js';
import { SessionMemo } from './session.js';

describe('sessions kept between requests', () => {
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

  it('reads a session once for requests with nothing written in between', async () => {
    const guest = await loginAs(app, 'guest');
    expect(await sessionReads(() => me(guest.headers))).toBe(1);
    const again = await sessionReads(async () => {
      for (let i = 0; i < 3; i++) expect((await me(guest.headers)).json().email).toBe('guest@example.org');
    });
    expect(again).toBe(0);
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

describe('the session memo', () => {
  const stored = () => ({
    data: { userId: 7, impersonated: [1] },
    expiresAt: new Date(Date.now() + 60_000),
    userRow: null,
  });

  it('keeps a read only for the clock reading it was made at', () => {
    const memo = new SessionMemo();
    memo.set('a', 1, stored());
    expect(memo.get('a', 1)?.data.userId).toBe(7);
    expect(memo.get('a', 2)).toBeUndefined();
    // Once stale, gone: even the old reading does not bring it back.
    expect(memo.get('a', 1)).toBeUndefined();
  });

  it('keeps nothing read while the clock was blind, and no session past its expiry', () => {
    const memo = new SessionMemo();
    memo.set('a', null, stored());
    expect(memo.get('a', null)).toBeUndefined();
    memo.set('b', 1, { ...stored(), expiresAt: new Date(Date.now() - 1) });
    expect(memo.get('b', 1)).toBeUndefined();
  });

  it('remembers that a session does not exist', () => {
    const memo = new SessionMemo();
    memo.set('gone', 3, null);
    expect(memo.get('gone', 3)).toBeNull();
  });

  it('checks each signed cookie once, and any other cookie again', () => {
    const memo = new SessionMemo(2);
    const checks: string[] = [];
    const unsign = (raw: string) => () => {
      checks.push(raw);
      const [value, signature] = raw.split('.');
      return signature === 'good' ? { valid: true, value } : { valid: false, value: null };
    };
    expect(memo.verified('a.good', unsign('a.good'))).toBe('a');
    expect(memo.verified('a.good', unsign('a.good'))).toBe('a');
    expect(memo.verified('a.bad', unsign('a.bad'))).toBeNull();
    expect(memo.verified('a.bad', unsign('a.bad'))).toBeNull();
    expect(checks).toEqual(['a.good', 'a.bad', 'a.bad']);
    // Full: the oldest good cookie is checked again.
    memo.verified('b.good', unsign('b.good'));
    memo.verified('c.good', unsign('c.good'));
    expect(memo.verified('a.good', unsign('a.good'))).toBe('a');
    expect(checks).toEqual(['a.good', 'a.bad', 'a.bad', 'b.good', 'c.good', 'a.good']);
  });

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

  it('keeps what it holds from being changed, and the newest sessions when full', () => {
    const memo = new SessionMemo(2);
    memo.set('a', 1, stored());
    expect(() => memo.get('a', 1)!.data.impersonated!.push(2)).toThrow(TypeError);
    memo.set('b', 1, stored());
    memo.set('c', 1, stored());
    expect(memo.get('a', 1)).toBeUndefined();
    expect(memo.get('b', 1)).toBeDefined();
    expect(memo.get('c', 1)).toBeDefined();
  });
});
