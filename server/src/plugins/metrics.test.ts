import type { FastifyInstance } from 'fastify';
import { apiApp, call, loginPersonas } from '../test/api-kit.js';

const TOKEN = 'a-metrics-token-of-some-length';

describe('health, readiness and metrics', () => {
  let app: FastifyInstance;
  const lines: string[] = [];
  beforeAll(async () => {
    app = await apiApp({
      env: { METRICS_TOKEN: TOKEN },
      mailer: { send: async () => undefined },
      logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } },
    });
  });
  afterAll(() => app.close());

  it('/health answers while the process lives, /ready while the database answers', async () => {
    expect((await app.inject({ url: '/health' })).json()).toEqual({ status: 'UP' });
    const ready = await app.inject({ url: '/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'UP',
      registry: expect.objectContaining({ version: 1, versionInUse: 1, lastError: null }),
    });
  });

  it('/metrics wants the bearer token of METRICS_TOKEN', async () => {
    expect((await app.inject({ url: '/metrics' })).statusCode).toBe(401);
    const wrong = await app.inject({ url: '/metrics', headers: { authorization: 'Bearer nope' } });
    expect(wrong.statusCode).toBe(401);
  });

  it('counts requests by route pattern and status, the pool, mails and job runs', async () => {
    const s = await loginPersonas(app);
    await call(app, s.admin, 'GET', '/api/v1/roles/12345');
    await call(app, s.admin, 'GET', '/api/v1/system/cron/cleanup');
    await app.mailer.send({ kind: 'invitation', to: 'x@example.org', subject: 's', text: 't', html: 'h' });
    // Deliveries waiting for a SCIM target (the worker's gauge, read from the queue when scraped).
    await app.db.query(
      `INSERT INTO provisioning_queue (target, kind, local_id, seq)
       VALUES ('scim-example', 'user', 1, 1), ('scim-example', 'user', 2, 2), ('scim-example', 'group', 3, 3)`,
    );
    const res = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const text = res.body;
    expect(text).toMatch(
      /portal_http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/roles\/:id",status="404"\} 1/,
    );
    expect(text).toMatch(/portal_db_pool_connections\{state="total"\} \d+/);
    expect(text).toMatch(/portal_mails_total\{kind="invitation",outcome="sent"\} 1/);
    expect(text).toMatch(/portal_job_runs_total\{job="cleanup",outcome="ran"\} 1/);
    expect(text).toMatch(/portal_provisioning_backlog\{target="scim-example"\} 3/);
    expect(text).toMatch(/portal_process_cpu_seconds_total/);
  });

  it('logs a refused request with its route, user and address', async () => {
    const s = await loginPersonas(app);
    lines.length = 0;
    await call(app, s.guest, 'GET', '/api/v1/system/unknown-roles');
    await call(app, null, 'GET', '/api/v1/users/me');
    const refused = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'request refused');
    expect(refused).toEqual([
      expect.objectContaining({
        level: 40,
        method: 'GET',
        status: 403,
        route: '/api/v1/system/unknown-roles',
        userId: s.guest.userId,
        address: '127.0.0.1',
        reason: 'Only a super user may do this',
      }),
      expect.objectContaining({ status: 401, route: '/api/v1/users/me', userId: null }),
    ]);
  });
});

describe('/metrics switched off or open', () => {
  it('does not exist without METRICS_TOKEN or METRICS_OPEN', async () => {
    const app = await apiApp();
    try {
      expect((await app.inject({ url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });

  it('answers anyone with METRICS_OPEN=true', async () => {
    const app = await apiApp({ env: { METRICS_OPEN: 'true' } });
    try {
      expect((await app.inject({ url: '/metrics' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
