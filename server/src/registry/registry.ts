import type { ApplicationMap, Institution, ManageType, Provider, Provisioning } from 'shared-auth/rules';

/** An application of the registry, flattened from its Manage-style entity. */
export interface RegistryApplication extends Provider {
  id: string;
  manageId: string;
  type: ManageType;
  manageType: ManageType;
  /** The organisation GUID of the institution that owns the application. */
  institutionGuid?: string;
}

/** An identity provider (an institution) of the registry. */
export interface IdentityProvider {
  id: string;
  entityid: string;
  organizationGUID: string;
  'name:en'?: string;
  'name:nl'?: string;
  logo?: string;
}

/** An identity provider as the registry holds it, with or without an institution (eduID has none). */
export type AnyIdentityProvider = Omit<IdentityProvider, 'organizationGUID'> & { organizationGUID?: string };

/**
 * The application registry (OpenConext Manage or its JSON stand-in): everything the server needs to know
 * about applications, provisionings and institutions; `app.registry`.
 */
export interface Registry {
  providers(): Promise<RegistryApplication[]>;
  provider(manageId: string): Promise<RegistryApplication | null>;
  provisionings(): Promise<Provisioning[]>;
  provisioningsFor(manageId: string): Promise<Provisioning[]>;
  identityProviders(): Promise<IdentityProvider[]>;
  identityProviderByOrganizationGUID(guid: string): Promise<IdentityProvider | null>;
  /** The identity provider with this entity id, institution or not (eduID's); null when unknown. */
  identityProviderByEntityId(entityId: string): Promise<AnyIdentityProvider | null>;
  applicationsForOrganization(guid: string): Promise<RegistryApplication[]>;
  /**
   * Every application as a role carries it, by manage id: the same (frozen) objects for as long as the
   * registry keeps its snapshot.
   */
  applicationMaps(): Promise<ReadonlyMap<string, ApplicationMap>>;
  /** The registry entries of these manage ids, in any order; ids unknown to the registry are left out. */
  applicationsByManageIds(manageIds: readonly string[]): Promise<ApplicationMap[]>;
  /** The applications owned by the organisation with this GUID (an institution admin's applications). */
  applicationsOfOrganization(organizationGUID: string): Promise<ApplicationMap[]>;
  /** The identity provider with this organisation GUID, as names and logo; null when unknown. */
  institutionOfOrganization(organizationGUID: string): Promise<Institution | null>;
}
