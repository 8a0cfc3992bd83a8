import type { ApplicationMap, Institution, Provisioning } from 'shared-auth/rules';
import {
  toAllowList,
  toAnyIdentityProvider,
  toApplication,
  toIdentityProvider,
  toProvisioning,
  toScimTarget,
  type AllowList,
  type ManageEntity,
} from './manage-entity.js';
import type {
  AnyIdentityProvider,
  IdentityProvider,
  Registry,
  RegistryApplication,
  ScimTarget,
} from './registry.js';

export interface EntitySnapshot {
  applications: ManageEntity[];
  identityProviders: ManageEntity[];
  provisionings: ManageEntity[];
}

/**
 * A snapshot's entities, shaped and indexed once (a registry keeps a snapshot for minutes, and answers
 * every list request from it): with Manage's thousands of applications, mapping them all again for each
 * request cost a page of roles more than the rest of its server time.
 */
interface Indexed {
  applications: RegistryApplication[];
  byId: Map<string, RegistryApplication>;
  /** Each application as a role carries it, frozen: every list shares the same objects. */
  maps: ReadonlyMap<string, ApplicationMap>;
  /** The applications of each institution, by its organisation GUID in lower case. */
  byOrganization: ReadonlyMap<string, readonly RegistryApplication[]>;
  identityProviders: IdentityProvider[];
  /** The first identity provider of each organisation GUID, in lower case. */
  identityProviderByOrganization: ReadonlyMap<string, IdentityProvider>;
  /** Every identity provider (institutions and others, such as eduID) by its entity id. */
  identityProviderByEntityId: ReadonlyMap<string, AnyIdentityProvider>;
  /** Every identity provider's allow list, in the registry's order. */
  allowLists: AllowList[];
  provisionings: Provisioning[];
  scimTargets: ScimTarget[];
}

function groupBy<T>(items: readonly T[], key: (item: T) => string | undefined): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    if (k === undefined) continue;
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

function index(snapshot: EntitySnapshot, baseUrl: string): Indexed {
  const applications = snapshot.applications
    .map(toApplication)
    .filter((a): a is RegistryApplication => a !== null)
    .sort((a, b) => (a['name:en'] ?? '').localeCompare(b['name:en'] ?? ''));
  const identityProviders = snapshot.identityProviders
    .map(toIdentityProvider)
    .filter((i): i is IdentityProvider => i !== null);
  const identityProviderByOrganization = new Map<string, IdentityProvider>();
  for (const idp of identityProviders) {
    const guid = idp.organizationGUID.toLowerCase();
    if (!identityProviderByOrganization.has(guid)) identityProviderByOrganization.set(guid, idp);
  }
  return {
    applications,
    byId: new Map(applications.map((a) => [a.manageId, a])),
    maps: new Map(applications.map((a) => [a.manageId, Object.freeze(toApplicationMap(a))])),
    byOrganization: groupBy(applications, (a) => a.institutionGuid?.toLowerCase()),
    identityProviders,
    identityProviderByOrganization,
    identityProviderByEntityId: new Map(
      snapshot.identityProviders.map(toAnyIdentityProvider).map((idp) => [idp.entityid, idp]),
    ),
    allowLists: snapshot.identityProviders.map(toAllowList),
    provisionings: snapshot.provisionings.map(toProvisioning),
    scimTargets: snapshot.provisionings
      .map((p) => toScimTarget(p, baseUrl))
      .filter((t): t is ScimTarget => t !== null),
  };
}

/**
 * A registry over a snapshot of Manage-style entities; the file and HTTP registries differ only in where
 * the snapshot comes from (and how long it may be kept).
 */
export class EntityRegistry implements Registry {
  private readonly indexed = new WeakMap<EntitySnapshot, Indexed>();

  /**
   * @param baseUrl this server's own URL: a SCIM URL in the registry that starts with `/` is resolved
   * against it (the development SCIM service provider of the bundled registry).
   * @param load where the snapshot comes from; the server makes it the source of the registry snapshot in
   * the database (app.ts), and reads that snapshot instead.
   */
  constructor(
    readonly load: () => Promise<EntitySnapshot>,
    readonly baseUrl = 'http://localhost',
  ) {}

  private async data(): Promise<Indexed> {
    const snapshot = await this.load();
    let result = this.indexed.get(snapshot);
    if (!result) {
      result = index(snapshot, this.baseUrl);
      this.indexed.set(snapshot, result);
    }
    return result;
  }

  async providers(): Promise<RegistryApplication[]> {
    return (await this.data()).applications;
  }

  async provider(manageId: string): Promise<RegistryApplication | null> {
    return (await this.data()).byId.get(manageId) ?? null;
  }

  async provisionings(): Promise<Provisioning[]> {
    return (await this.data()).provisionings;
  }

  async provisioningsFor(manageId: string): Promise<Provisioning[]> {
    return (await this.data()).provisionings.filter((p) => p.applications.some((a) => a.id === manageId));
  }

  async scimTargets(): Promise<ScimTarget[]> {
    return (await this.data()).scimTargets;
  }

  async providersByEntityId(entityid: string): Promise<RegistryApplication[]> {
    return (await this.data()).applications.filter((a) => a.entityid === entityid);
  }

  async identityProviders(): Promise<IdentityProvider[]> {
    return (await this.data()).identityProviders;
  }

  async identityProviderByOrganizationGUID(guid: string): Promise<IdentityProvider | null> {
    return (await this.data()).identityProviderByOrganization.get(guid.trim().toLowerCase()) ?? null;
  }

  async identityProviderByEntityId(entityId: string): Promise<AnyIdentityProvider | null> {
    return (await this.data()).identityProviderByEntityId.get(entityId) ?? null;
  }

  async identityProvidersAllowing(entityIds: readonly string[]): Promise<string[]> {
    return (await this.data()).allowLists
      .filter((idp) => idp.allowedAll || entityIds.every((entityId) => idp.allowed.has(entityId)))
      .map((idp) => idp.entityid);
  }

  async applicationsForOrganization(guid: string): Promise<RegistryApplication[]> {
    return [...((await this.data()).byOrganization.get(guid.trim().toLowerCase()) ?? [])];
  }

  async applicationMaps(): Promise<ReadonlyMap<string, ApplicationMap>> {
    return (await this.data()).maps;
  }

  async applicationsByManageIds(manageIds: readonly string[]): Promise<ApplicationMap[]> {
    const { maps } = await this.data();
    return manageIds.flatMap((id) => {
      const app = maps.get(id);
      return app ? [app] : [];
    });
  }

  async applicationsOfOrganization(organizationGUID: string): Promise<ApplicationMap[]> {
    const { maps } = await this.data();
    return (await this.applicationsForOrganization(organizationGUID)).map((a) => maps.get(a.manageId)!);
  }

  async institutionOfOrganization(organizationGUID: string): Promise<Institution | null> {
    const idp = await this.identityProviderByOrganizationGUID(organizationGUID);
    return idp ? { 'name:en': idp['name:en'], 'name:nl': idp['name:nl'], logo: idp.logo } : null;
  }
}

/** A registry application as a role (or an institution admin) carries it: `id` is the manageId. */
export function toApplicationMap(app: RegistryApplication): ApplicationMap {
  return {
    id: app.manageId,
    manageId: app.manageId,
    manageType: app.manageType,
    type: app.manageType,
    'name:en': app['name:en'],
    'name:nl': app['name:nl'],
    'OrganizationName:en': app['OrganizationName:en'],
    'OrganizationName:nl': app['OrganizationName:nl'],
    logo: app.logo,
    url: app.url,
    landingPage: app.landingPage,
    receivesMemberships: app.receivesMemberships,
    institutionGuid: app.institutionGuid,
  };
}

/** Wraps a loader so its result is kept for ttlMs (the last good result also survives a failed reload). */
export function cached(load: () => Promise<EntitySnapshot>, ttlMs: number): () => Promise<EntitySnapshot> {
  let value: EntitySnapshot | null = null;
  let loadedAt = 0;
  let pending: Promise<EntitySnapshot> | null = null;
  return async () => {
    if (value && Date.now() - loadedAt < ttlMs) return value;
    if (!pending) {
      pending = load()
        .then((v) => {
          value = v;
          loadedAt = Date.now();
          return v;
        })
        .finally(() => {
          pending = null;
        });
    }
    try {
      return await pending;
    } catch (e) {
      if (value) return value;
      throw e;
    }
  };
}
