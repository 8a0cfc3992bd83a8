// A SCIM service provider of our own (the development SCIM server, served on a port of its own) and a
// registry folder (REGISTRY_DIR) whose one provisioning points at it: what a journey or the bench needs
// to watch deliveries reach an application. Needs the built server (server/dist).
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, ROOT } from '../harness/index.mjs';

/**
 * @param {{ tenant: string, token: string, name: string, applications: string[], delayMs?: number }} options
 *   `tenant` names the provider's tenant and the provisioning (`prov-<tenant>`); `delayMs` holds each answer.
 * @returns {Promise<{ scim: any, registry: string, work: string, close: () => Promise<void> }>}
 */
export async function startScimTarget({ tenant, token, name, applications, delayMs = 0 }) {
  const { createDevScimServer } = await import(path.join(ROOT, 'server/dist/dev/scim/dev-scim.js'));
  const scim = createDevScimServer({ mount: '', tenants: { [tenant]: { bearer: token } } });
  const provider = createServer((req, res) =>
    delayMs > 0 ? setTimeout(() => scim.handle(req, res), delayMs) : scim.handle(req, res),
  );
  const port = await freePort();
  await new Promise((resolve) => provider.listen(port, '127.0.0.1', () => resolve(undefined)));
  const work = await mkdtemp(path.join(tmpdir(), `scim-target-${tenant}-`));
  const registry = path.join(work, 'registry');
  await mkdir(path.join(registry, 'logos'), { recursive: true });
  for (const file of ['applications.json', 'identity-providers.json']) {
    await copyFile(path.join(ROOT, 'server/registry', file), path.join(registry, file));
  }
  await writeFile(
    path.join(registry, 'provisionings.json'),
    JSON.stringify([
      {
        id: `prov-${tenant}`,
        type: 'provisioning',
        data: {
          entityid: `https://${tenant}-scim.example.org`,
          metaDataFields: {
            provisioning_type: 'scim',
            'name:en': name,
            scim_url: `http://127.0.0.1:${port}/${tenant}/v2`,
            scim_bearer_token: token,
          },
          applications: applications.map((id) => ({ id, type: 'saml20_sp' })),
        },
      },
    ]),
  );
  return {
    scim,
    registry,
    work,
    close: async () => {
      await new Promise((resolve) => provider.close(() => resolve(undefined)));
      await rm(work, { recursive: true, force: true });
    },
  };
}
