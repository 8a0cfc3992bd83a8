import type { ApplicationMap, Institution, Provisioning } from 'shared-auth/rules';
import { toApplication, toIdentityProvider, toProvisioning, type ManageEntity } from './manage-entity.js';
import type { IdentityProvider, Registry, RegistryApplication } from './registry.js';

export interface EntitySnapshot {
  applications: ManageEntity[];
  identityProviders: ManageEntity[];
  provisionings: ManageEntity[];
}

interface Indexed {
  applications: RegistryApplication[];
  byId: Map<string, RegistryApplication>;
  identityProviders: IdentityProvider[];
  provisionings: Provisioning[];
}

function index(snapshot: EntitySnapshot): Indexed {
  const applications = snapshot.applications
    .map(toApplication)
    .filter((a): a is RegistryApplication => a !== null)
    .sort((a, b) => (a['name:en'] ?? '').localeCompare(b['name:en'] ?? ''));
  return {
    applications,
    byId: new Map(applications.map((a) => [a.manageId, a])),
    identityProviders: snapshot.identityProviders
      .map(toIdentityProvider)
      .filter((i): i is IdentityProvider => i !== null),
    provisionings: snapshot.provisionings.map(toProvisioning),
  };
}

/**
 * A registry over a snapshot of Manage-style entities; the file and HTTP registries differ only in where
 * the snapshot comes from (and how long it may be kept).
 */
export class EntityRegistry implements Registry {
  private readonly indexed = new WeakMap<EntitySnapshot, Indexed>();

  constructor(private readonly load: () => Promise<EntitySnapshot>) {}

  private async data(): Promise<Indexed> {
    const snapshot = await this.load();
    let result = this.indexed.get(snapshot);
    if (!result) {
      result = index(snapshot);
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

  async identityProviders(): Promise<IdentityProvider[]> {
    return (await this.data()).identityProviders;
  }

  async identityProviderByOrganizationGUID(guid: string): Promise<IdentityProvider | null> {
    const wanted = guid.trim().toLowerCase();
    return (
      (await this.data()).identityProviders.find((i) => i.organizationGUID.toLowerCase() === wanted) ?? null
    );
  }

  async applicationsForOrganization(guid: string): Promise<RegistryApplication[]> {
    const wanted = guid.trim().toLowerCase();
    return (await this.data()).applications.filter((a) => a.institutionGuid?.toLowerCase() === wanted);
  }

  async applicationsByManageIds(manageIds: readonly string[]): Promise<ApplicationMap[]> {
    const { byId } = await this.data();
    return manageIds.flatMap((id) => {
      const app = byId.get(id);
      return app ? [toApplicationMap(app)] : [];
    });
  }

  async applicationsOfOrganization(organizationGUID: string): Promise<ApplicationMap[]> {
    return (await this.applicationsForOrganization(organizationGUID)).map(toApplicationMap);
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
