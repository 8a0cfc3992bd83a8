import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_REGISTRY_DIR, fileRegistry } from './file-registry.js';
import { httpRegistry } from './http-registry.js';

const HW = 'ad93daef-0911-e511-80d0-005056956c1a';

describe('the JSON registry', () => {
  const registry = fileRegistry();

  it('holds SAML and OIDC applications with names, organisations, logos and owners', async () => {
    const providers = await registry.providers();
    expect(providers.length).toBeGreaterThanOrEqual(8);
    expect(new Set(providers.map((p) => p.manageType))).toEqual(new Set(['saml20_sp', 'oidc10_rp']));
    for (const p of providers) {
      expect(p['name:en']).toBeTruthy();
      expect(p['name:nl']).toBeTruthy();
      expect(p['OrganizationName:en']).toBeTruthy();
      expect(p.logo).toMatch(/^\/registry\/logos\/[\w-]+\.svg$/);
      expect(p.url).toMatch(/^https:\/\//);
      expect(p.landingPage).toMatch(/^https:\/\//);
    }
  });

  it('finds Universiteit Harderwijk and its applications by organisation GUID', async () => {
    expect((await registry.identityProviderByOrganizationGUID(HW.toUpperCase()))?.['name:en']).toBe(
      'Universiteit Harderwijk',
    );
    expect((await registry.identityProviders()).length).toBeGreaterThanOrEqual(4);
    const own = await registry.applicationsForOrganization(HW);
    expect(own.length).toBeGreaterThanOrEqual(3);
    expect((await registry.institutionOfOrganization(HW))?.['name:nl']).toBe('Universiteit Harderwijk');
    expect((await registry.applicationsByManageIds(['app-wiki', 'gone'])).map((a) => a.id)).toEqual([
      'app-wiki',
    ]);
  });

  it('knows the provisionings of each type', async () => {
    const types = (await registry.provisionings()).map((p) => p.provisioning_type).sort();
    expect(types).toEqual(['eva', 'graph', 'scim']);
    expect((await registry.provisioningsFor('app-wiki')).length).toBe(1);
    expect(await registry.provisioningsFor('app-canvas')).toEqual([]);
    expect(await registry.provider('nope')).toBeNull();
  });
});

describe('the Manage-style HTTP registry', () => {
  let server: Server;
  let url: string;
  const requests: Array<{ path: string; auth?: string }> = [];
  const file = (name: string) => readFileSync(path.join(DEFAULT_REGISTRY_DIR, name), 'utf8');

  beforeAll(async () => {
    const apps = JSON.parse(file('applications.json')) as Array<{ type: string }>;
    const byType: Record<string, unknown> = {
      saml20_sp: apps.filter((a) => a.type === 'saml20_sp'),
      oidc10_rp: apps.filter((a) => a.type === 'oidc10_rp'),
      saml20_idp: JSON.parse(file('identity-providers.json')),
      provisioning: JSON.parse(file('provisionings.json')),
    };
    server = createServer((req: IncomingMessage, res) => {
      requests.push({ path: req.url ?? '', auth: req.headers.authorization });
      const type = /\/manage\/api\/internal\/search\/([a-z0-9_]+)$/.exec(req.url ?? '')?.[1] ?? '';
      if (req.method !== 'POST' || !(type in byType)) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(byType[type]));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://user:secret@127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('answers the same as the files, with basic authentication, and caches', async () => {
    const registry = httpRegistry({ url });
    const local = fileRegistry();
    expect((await registry.providers()).map((p) => p.manageId)).toEqual(
      (await local.providers()).map((p) => p.manageId),
    );
    expect((await registry.identityProviderByOrganizationGUID(HW))?.['name:en']).toBe(
      'Universiteit Harderwijk',
    );
    expect((await registry.provisioningsFor('app-datavault'))[0].provisioning_type).toBe('graph');
    expect(requests).toHaveLength(4);
    expect(requests[0].auth).toBe(`Basic ${Buffer.from('user:secret').toString('base64')}`);
  });

  it('fails clearly when the registry is down', async () => {
    const registry = httpRegistry({ url: 'http://127.0.0.1:1' });
    await expect(registry.providers()).rejects.toThrow();
  });
});
