/**
 * The development SCIM service provider on a port of its own (main.ts runs it as a process): reading its
 * settings from the environment, listening, closing.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createDevScimServer, type DevScimServer, type DevScimTenantOptions } from './dev-scim.js';

const TENANT_SHAPE = '{"basic": {"username": "…", "password": "…"}} and/or {"bearer": "…"}';
const SHAPE = `{"<tenant>": ${TENANT_SHAPE}}`;

/** `DEV_SCIM_TENANTS`: JSON, tenant name → credentials (the options of createDevScimServer). */
export function tenantsFromEnv(text: string | undefined): Record<string, DevScimTenantOptions> {
  if (!text) throw new Error(`DEV_SCIM_TENANTS is not set (JSON: ${SHAPE})`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new Error(`DEV_SCIM_TENANTS is not JSON: ${(error as Error).message}`);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new Error(`DEV_SCIM_TENANTS must be a JSON object: ${SHAPE}`);
  }
  for (const [name, options] of Object.entries(parsed)) {
    const valid = (() => {
      if (!options || typeof options !== 'object' || Array.isArray(options)) return false;
      const { basic, bearer } = options as DevScimTenantOptions;
      const basicOk =
        basic === undefined ||
        (!!basic && typeof basic.username === 'string' && typeof basic.password === 'string');
      return basicOk && (bearer === undefined || typeof bearer === 'string');
    })();
    if (!valid) throw new Error(`DEV_SCIM_TENANTS: tenant "${name}" must be ${TENANT_SHAPE}`);
  }
  return parsed as Record<string, DevScimTenantOptions>;
}

/** `PORT`: 0 (any free port) when unset. */
export function portFromEnv(text: string | undefined): number {
  const port = text === undefined || text === '' ? 0 : Number(text);
  if (!/^\d*$/.test(text ?? '') || !Number.isInteger(port) || port > 65535) {
    throw new Error(`PORT is not a port number: ${text}`);
  }
  return port;
}

export interface RunningDevScim {
  /** `http://<host>:<port>`; the tenants are at `<url>/dev-scim/<tenant>/v2`. */
  url: string;
  scim: DevScimServer;
  close(): Promise<void>;
}

export async function startDevScim(options: {
  port: number;
  host: string;
  tenants: Record<string, DevScimTenantOptions>;
}): Promise<RunningDevScim> {
  const scim = createDevScimServer({ tenants: options.tenants });
  const server = createServer((req, res) => scim.handle(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    url: `http://${host}:${port}`,
    scim,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      scim.close();
    },
  };
}
