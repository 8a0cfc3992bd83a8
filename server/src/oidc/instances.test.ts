import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import type { Db } from '../db/types.js';
import { InjectBrowser } from '../test/browser.js';
import { testConfig } from '../test/helper.js';
import { testRegistry } from '../test/registry.fixture.js';
import { freshTestDb } from '../test/template-db.js';

/** Two server instances over one database, as behind a load balancer: any one serves any request. */
describe('several instances over one database', () => {
  let db: Db;
  let first: FastifyInstance;
  let second: FastifyInstance;
  beforeAll(async () => {
    db = await freshTestDb();
    const build = () => buildApp({ config: testConfig(), db, registry: testRegistry, logger: false });
    first = await build();
    second = await build();
    await Promise.all([first.ready(), second.ready()]);
  });
  afterAll(async () => {
    await first.close();
    await second.close();
    await db.close();
  });

  it('finishes on one instance a login started on the other, and shares the session', async () => {
    const onFirst = new InjectBrowser(first);
    const toIdp = await onFirst.follow('GET', '/api/v1/users/login');
    const action = /action="([^"]+)"/.exec(toIdp.response.body)?.[1];
    expect(action).toBeDefined();

    // The rest of the flow lands on the second instance, with the same cookies.
    const onSecond = new InjectBrowser(second);
    onSecond.cookie = onFirst.cookie;
    const back = await onSecond.follow('POST', action!, { login: 'manager' });
    expect(back.response.headers.location).toBe('http://localhost:8080/');

    onFirst.cookie = onSecond.cookie;
    const me = await onFirst.request('GET', '/api/v1/users/me');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: 'manager@example.org' });
  });
});
