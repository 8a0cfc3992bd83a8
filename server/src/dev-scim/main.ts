/**
 * The development SCIM service provider as a process of its own, for tests that stop and start it:
 * `PORT=9090 DEV_SCIM_TENANTS='{"harderwijk":{"bearer":"secret"}}' node server/dist/dev-scim/main.js`.
 * Tenants at `http://<host>:<port>/dev-scim/<tenant>/v2`. Prints `dev-scim listening on <url>` when ready;
 * SIGINT / SIGTERM end it. Its data are in memory: gone when it stops.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createDevScimServer, type DevScimTenantOptions } from './dev-scim.js';

function tenantsFromEnv(text: string | undefined): Record<string, DevScimTenantOptions> {
  if (!text)
    throw new Error(
      'DEV_SCIM_TENANTS is not set (JSON: {"<tenant>": {"basic": {"username", "password"}} or {"bearer": "<token>"}})',
    );
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new Error(`DEV_SCIM_TENANTS is not JSON: ${(error as Error).message}`);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new Error('DEV_SCIM_TENANTS must be a JSON object of tenant name → credentials');
  }
  for (const [name, options] of Object.entries(parsed)) {
    const { basic, bearer } = (options ?? {}) as DevScimTenantOptions;
    const basicOk =
      basic === undefined || (typeof basic?.username === 'string' && typeof basic?.password === 'string');
    if (
      !options ||
      typeof options !== 'object' ||
      !basicOk ||
      (bearer !== undefined && typeof bearer !== 'string')
    ) {
      throw new Error(
        `DEV_SCIM_TENANTS: tenant "${name}" must be {"basic": {"username": "…", "password": "…"}} and/or {"bearer": "…"}`,
      );
    }
  }
  return parsed as Record<string, DevScimTenantOptions>;
}

function main(): void {
  const port = Number(process.env.PORT ?? 0);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT is not a port: ${process.env.PORT}`);
  const host = process.env.HOST || '127.0.0.1';
  const scim = createDevScimServer({ tenants: tenantsFromEnv(process.env.DEV_SCIM_TENANTS) });
  const server = createServer((req, res) => scim.handle(req, res));
  server.listen(port, host, () => {
    const { port: bound } = server.address() as AddressInfo;
    const shown = host.includes(':') ? `[${host}]` : host;
    process.stdout.write(
      `dev-scim listening on http://${shown}:${bound} (tenants at /dev-scim/<tenant>/v2: ${scim.tenants().join(', ')})\n`,
    );
  });
  const stop = () => {
    server.close();
    server.closeAllConnections();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

try {
  main();
} catch (error) {
  console.error(`dev-scim could not start: ${(error as Error).message}`);
  process.exit(1);
}
