/**
 * The multi-instance guarantee (ARCHITECTURE.md, "State lives in the database, and only there"; issue 39
 * item 1): two server instances over one PostgreSQL, each with its own connections, as two processes
 * behind a load balancer. A change of rights made through A is seen by the very next request to B, which
 * has just answered the same request the old way (so anything B keeps in memory is warm), with no wait
 * and no notification channel to rely on.
 *
 * PostgreSQL only (CI's second pass, TEST_DATABASE_URL): one PGlite database cannot be opened by two
 * processes.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import type { Db } from './db/types.js';
import { fileRegistry } from './registry/file-registry.js';
import { addMember, call, insertRole, loginPersonas, type Sessions } from './test/api-kit.js';
import { loginAs, testConfig } from './test/helper.js';
import { freshSharedPostgresDb } from './test/template-db.js';

const url = process.env.TEST_DATABASE_URL;

(url ? describe : describe.skip)(
  'two server instances over one PostgreSQL: A changes, B sees at once',
  () => {
    let dbs: Db[];
    let a: FastifyInstance;
    let b: FastifyInstance;
    let s: Sessions;

    beforeAll(async () => {
      dbs = await freshSharedPostgresDb(url!, 2);
      const build = (db: Db) =>
        buildApp({ config: testConfig(), db, registry: fileRegistry(), logger: false }).then(async (app) => {
          await app.ready();
          return app;
        });
      [a, b] = await Promise.all(dbs.map(build));
      s = await loginPersonas(a);
    });
    afterAll(async () => {
      await Promise.all([a?.close(), b?.close()]);
      for (const db of dbs ?? []) await db.close();
    });

    it('refuses system/* on B to a super user revoked on A', async () => {
      const su = await loginAs(a, 'second-super-user@example.org');
      await a.db.query('UPDATE users SET super_user = true WHERE id = $1', [su.userId]);
      expect((await call(b, su, 'GET', '/api/v1/system/expiry-user-roles')).statusCode).toBe(200);

      // No route revokes a super user (SUPER_USER_SUBS grants it at each login): through A's connections.
      await a.db.query('UPDATE users SET super_user = false WHERE id = $1', [su.userId]);

      expect((await call(b, su, 'GET', '/api/v1/system/expiry-user-roles')).statusCode).toBe(403);
    });

    it('does not know on B a user deleted on A', async () => {
      const leaving = await loginAs(a, 'leaving@example.org');
      expect((await call(b, leaving, 'GET', '/api/v1/users/me')).statusCode).toBe(200);

      expect((await call(a, s.admin, 'DELETE', `/api/v1/users/${leaving.userId}`)).statusCode).toBe(204);

      expect((await call(b, leaving, 'GET', '/api/v1/users/me')).statusCode).toBe(401);
    });

    it('does not accept on B a session logged out on A', async () => {
      const session = await loginAs(a, 'manager');
      expect((await call(b, session, 'GET', '/api/v1/users/me')).statusCode).toBe(200);

      expect((await call(a, session, 'GET', '/api/v1/users/logout')).statusCode).toBe(200);

      expect((await call(b, session, 'GET', '/api/v1/users/me')).statusCode).toBe(401);
      // The manager's other session is not touched.
      expect((await call(b, s.manager, 'GET', '/api/v1/users/me')).statusCode).toBe(200);
    });

    it('refuses on B the member search of a role to a manager removed from it on A', async () => {
      const role = await insertRole(a, 'Shared Lab');
      const membership = await addMember(a, s.manager.userId, role, 'MANAGER');
      await addMember(a, s.guest.userId, role, 'GUEST');
      const search = `/api/v1/user_roles/search/${role}/guests`;
      const before = await call(b, s.manager, 'GET', search);
      expect(before.statusCode).toBe(200);
      expect(before.json().totalElements).toBe(1);

      const removed = await call(a, s.admin, 'DELETE', `/api/v1/user_roles/${role}/${membership}`);
      expect(removed.statusCode).toBe(204);

      expect([403, 404]).toContain((await call(b, s.manager, 'GET', search)).statusCode);
    });

    it('shows on B the new name of a role renamed on A, in the list and in the role', async () => {
      const role = await insertRole(a, 'Old Lab Name');
      await addMember(a, s.manager.userId, role, 'MANAGER');
      const names = async () =>
        ((await call(b, s.manager, 'GET', '/api/v1/roles')).json().content as Array<{ name: string }>).map(
          (r) => r.name,
        );
      expect(await names()).toContain('Old Lab Name');
      const current = (await call(b, s.manager, 'GET', `/api/v1/roles/${role}`)).json() as { name: string };
      expect(current.name).toBe('Old Lab Name');

      const renamed = await call(a, s.admin, 'PUT', '/api/v1/roles', { ...current, name: 'New Lab Name' });
      expect(renamed.statusCode).toBe(200);

      const list = await names();
      expect(list).toContain('New Lab Name');
      expect(list).not.toContain('Old Lab Name');
      expect((await call(b, s.manager, 'GET', `/api/v1/roles/${role}`)).json().name).toBe('New Lab Name');
    });
  },
);
