/**
 * Operations: `/health` (the process answers), `/ready` (the database answers and holds a registry
 * snapshot) and Prometheus metrics at `/metrics` (prom-client): request durations per route and status,
 * the database pool, mails sent and failed, job runs, and whatever other parts register (the provisioning backlog, once it exists:
 * `registerProvisioningBacklogGauge`). `/metrics` is answered only with METRICS_TOKEN as a bearer token, or
 * to anyone with METRICS_OPEN=true (a private network); otherwise it does not exist (404).
 *
 * Each app has a registry of its own (tests build many apps in one process); nothing in it is an answer
 * the console reads, only counts for the operator.
 */
import { timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { MailerPort } from '../domain/outgoing-mail.js';
import { httpError } from '../errors.js';

export interface PortalMetrics {
  registry: Registry;
  requestDuration: Histogram<'method' | 'route' | 'status'>;
  mails: Counter<'kind' | 'outcome'>;
  jobRuns: Counter<'job' | 'outcome'>;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: PortalMetrics;
  }
}

/** A fresh registry with the portal's own metrics and Node's defaults, prefixed `portal_`. */
export function createMetrics(): PortalMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'portal_' });
  return {
    registry,
    requestDuration: new Histogram({
      name: 'portal_http_request_duration_seconds',
      help: 'Duration of HTTP requests, by route pattern and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    }),
    mails: new Counter({
      name: 'portal_mails_total',
      help: 'Mails handed to the mail server or outbox, by kind and outcome (sent, failed)',
      labelNames: ['kind', 'outcome'],
      registers: [registry],
    }),
    jobRuns: new Counter({
      name: 'portal_job_runs_total',
      help: 'Runs of the scheduled jobs, by job and outcome (ran, skipped: another instance held it, failed)',
      labelNames: ['job', 'outcome'],
      registers: [registry],
    }),
  };
}

/** The mailer, counting what it sends and what fails. */
export function countingMailer(mailer: MailerPort, metrics: PortalMetrics): MailerPort {
  return {
    async send(mail) {
      try {
        await mailer.send(mail);
        metrics.mails.inc({ kind: mail.kind, outcome: 'sent' });
      } catch (error) {
        metrics.mails.inc({ kind: mail.kind, outcome: 'failed' });
        throw error;
      }
    },
  };
}

/** Counts one run of a job (timed or started from the system area). */
export function countJobRun(app: FastifyInstance, job: string, outcome: 'ran' | 'skipped' | 'failed'): void {
  app.metrics.jobRuns.inc({ job, outcome });
}

/**
 * Where the provisioning backlog (messages waiting in the outbox for a SCIM target) becomes a metric:
 * `collect` is asked at every scrape and answers the count per target, read from the database then.
 */
export function registerProvisioningBacklogGauge(
  metrics: PortalMetrics,
  collect: () => Promise<Array<{ target: string; waiting: number }>>,
): Gauge<'target'> {
  return new Gauge({
    name: 'portal_provisioning_backlog',
    help: 'Provisioning messages not yet delivered, by target',
    labelNames: ['target'],
    registers: [metrics.registry],
    async collect() {
      this.reset();
      for (const { target, waiting } of await collect()) this.set({ target }, waiting);
    },
  });
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export default fp(
  async (app) => {
    const { metrics } = app;
    const db = app.db;
    new Gauge({
      name: 'portal_db_pool_connections',
      help: 'Connections of the database pool, by state (total, idle, waiting: requests queued for one)',
      labelNames: ['state'],
      registers: [metrics.registry],
      collect() {
        const stats = db.poolStats?.();
        if (!stats) return;
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    });

    app.addHook('onResponse', async (request, reply) => {
      // The registered pattern, never the URL: ids would make a series per user.
      const route = request.routeOptions.url ?? 'unmatched';
      metrics.requestDuration.observe(
        { method: request.method, route, status: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
    });

    app.get('/health', async () => ({ status: 'UP' }));

    // Ready: the database answers and holds a registry snapshot. A failed registry refresh shows in the
    // body (lastError) while the last good snapshot serves: still 200.
    app.get('/ready', async (_request, reply) => {
      const snapshot = app.registrySnapshot;
      let registry;
      try {
        if (!snapshot) {
          await app.db.query('SELECT 1');
          return { status: 'UP' };
        }
        registry = { ...(await snapshot.state()), versionInUse: snapshot.version };
      } catch {
        reply.status(503);
        return { status: 'DOWN', reason: 'The database does not answer' };
      }
      if (registry.version === 0) {
        reply.status(503);
        return { status: 'DOWN', reason: 'The application registry has not been read yet', registry };
      }
      return { status: 'UP', registry };
    });

    app.get('/metrics', async (request, reply) => {
      const { metricsToken, metricsOpen } = app.config;
      if (!metricsOpen) {
        if (!metricsToken) throw httpError(404, 'Not found');
        const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
        if (!sameSecret(given, metricsToken)) {
          reply.header('www-authenticate', 'Bearer');
          throw httpError(401, 'The metrics need the bearer token of METRICS_TOKEN');
        }
      }
      reply.type(metrics.registry.contentType);
      return metrics.registry.metrics();
    });
  },
  { name: 'metrics' },
);
