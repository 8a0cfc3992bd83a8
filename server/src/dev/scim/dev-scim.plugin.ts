/**
 * /dev-scim: the development SCIM service provider (dev-scim.ts) inside the portal's Fastify server, and a
 * page that lists its tenants' users and groups. Development only (register it only where the development
 * identity provider is registered): its data are in memory and its page shows what the console sent.
 *
 * The SCIM paths (`/dev-scim/<tenant>/v2/...`) are served by scimmy-routers, an Express router that reads
 * the request body itself. They sit in an encapsulated context whose only content type parser accepts every
 * type and leaves the body unread, and whose handler hijacks the reply and hands the raw request and
 * response to the Express app. That is all @fastify/express or @fastify/middie would do for these routes,
 * without a further dependency and without Express middleware running for any other route of the server.
 * Hooks registered on the parent still run before it (onRequest, preHandler); the hijacked reply skips
 * Fastify's onSend hooks.
 */
import type { FastifyInstance } from 'fastify';
import { createDevScimServer, type DevScimServer, type DevScimTenantOptions } from './dev-scim.js';
import { devScimPage } from './dev-scim.pages.js';

export const DEV_SCIM_PATH = '/dev-scim';

/**
 * The tenants `npm start` serves: the bundled registry's SCIM provisioning (server/registry/
 * provisionings.json, prov-scim-harderwijk) points at the first, with these development-only credentials.
 */
export const DEV_SCIM_TENANTS: Record<string, DevScimTenantOptions> = {
  harderwijk: { basic: { username: 'portal', password: 'development-only-scim-password' } },
};

export interface DevScimPluginOptions {
  /** The tenants of a server the plugin makes (and empties when the app closes). */
  tenants?: Record<string, DevScimTenantOptions>;
  /** Or a server made by the caller with `mount: '/dev-scim'` (the default), to read its snapshots in tests. */
  server?: DevScimServer;
}

export async function devScimPlugin(app: FastifyInstance, options: DevScimPluginOptions): Promise<void> {
  if (!options.server && !options.tenants) throw new TypeError('devScimPlugin needs tenants or a server');
  const server =
    options.server ?? createDevScimServer({ tenants: options.tenants ?? {}, mount: DEV_SCIM_PATH });
  if (!options.server) app.addHook('onClose', async () => server.close());

  app.get(DEV_SCIM_PATH, async (_request, reply) => {
    const tenants = server.tenants().map((name) => ({
      name,
      basePath: `${DEV_SCIM_PATH}/${name}/v2`,
      authentication: server.authentication(name).join(' or ') || 'none',
      snapshot: server.snapshot(name),
    }));
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(devScimPage(tenants));
  });

  await app.register(async (scim) => {
    scim.removeAllContentTypeParsers();
    // Any type, body left in the stream for the Express router (which answers 4xx on what it cannot read).
    scim.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scim.all(`${DEV_SCIM_PATH}/*`, (request, reply) => {
      reply.hijack();
      server.handle(request.raw, reply.raw);
    });
  });
}

export default devScimPlugin;
