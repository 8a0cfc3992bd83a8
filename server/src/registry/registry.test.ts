import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { EntityRegistry, type EntitySnapshot } from './entity-registry.js';
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

describe("a registry of Manage's size", () => {
  // 3,000 applications of 300 institutions (ten each), and an identity provider per institution.
  const guid = (n: number) => `0000${n}-0911-e511-80d0-005056956c1a`;
  const snapshot = (name: string): EntitySnapshot => ({
    applications: Array.from({ length: 3000 }, (_, i) => ({
      id: `app-${i}`,
      type: i % 2 ? 'saml20_sp' : 'oidc10_rp',
      data: {
        entityid: `https://sp${i}.example.org`,
        metaDataFields: { 'name:en': `${name} ${i}`, 'coin:institution_guid': guid(i % 300) },
      },
    })),
    identityProviders: [
      ...Array.from({ length: 300 }, (_, i) => ({
        id: `idp-${i}`,
        type: 'saml20_idp',
        data: { metaDataFields: { 'name:en': `Institution ${i}`, 'coin:institution_guid': guid(i) } },
      })),
      // A second identity provider of institution 7: the first one names it.
      {
        id: 'idp-7b',
        type: 'saml20_idp',
        data: { metaDataFields: { 'name:en': 'Other', 'coin:institution_guid': guid(7) } },
      },
    ],
    provisionings: [],
  });
  let current = snapshot('Application');
  const registry = new EntityRegistry(async () => current);

  it('shapes every application once per snapshot, and again from a new snapshot', async () => {
    const maps = await registry.applicationMaps();
    expect(maps.size).toBe(3000);
    expect(await registry.applicationMaps()).toBe(maps);
    const wiki = maps.get('app-42')!;
    expect(wiki).toMatchObject({
      id: 'app-42',
      manageId: 'app-42',
      manageType: 'oidc10_rp',
      'name:en': 'Application 42',
    });
    expect(Object.isFrozen(wiki)).toBe(true);
    expect(() => Object.assign(wiki, { landingPage: 'https://elsewhere.example.org' })).toThrow(TypeError);
    expect((await registry.applicationsByManageIds(['app-42', 'gone']))[0]).toBe(wiki);

    current = snapshot('Renamed');
    const renamed = await registry.applicationMaps();
    expect(renamed).not.toBe(maps);
    expect(renamed.get('app-42')?.['name:en']).toBe('Renamed 42');
    current = snapshot('Application');
  });

  it("finds an institution's applications and identity provider by its GUID, in any case", async () => {
    const own = await registry.applicationsOfOrganization(guid(17).toUpperCase());
    expect(own.map((a) => a.id).sort()).toEqual(
      Array.from({ length: 10 }, (_, k) => `app-${17 + 300 * k}`).sort(),
    );
    const maps = await registry.applicationMaps();
    for (const app of own) expect(app).toBe(maps.get(app.id));
    expect(await registry.applicationsOfOrganization(guid(999))).toEqual([]);

    // An answer is the caller's own array: changing it changes no later answer.
    (await registry.applicationsForOrganization(guid(17))).length = 0;
    expect(await registry.applicationsForOrganization(` ${guid(17)} `)).toHaveLength(10);

    expect((await registry.identityProviderByOrganizationGUID(guid(7).toUpperCase()))?.id).toBe('idp-7');
    expect((await registry.institutionOfOrganization(guid(8)))?.['name:en']).toBe('Institution 8');
    expect(await registry.identityProviderByOrganizationGUID(guid(999))).toBeNull();
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
