import type { ApplicationMap, Institution, ManageType, Provider, Provisioning } from 'shared-auth/rules';

/** An application of the registry, flattened from its Manage-style entity. */
export interface RegistryApplication extends Provider {
  id: string;
  manageId: string;
  type: ManageType;
  manageType: ManageType;
  /** The organisation GUID of the institution that owns the application. */
  institutionGuid?: string;
  /** Its entity id (SAML) or client id (OIDC): how services name it (attribute aggregation's SPentityID). */
  entityid?: string;
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

/** A SCIM provisioning of the registry, as the delivery worker uses it (secrets included: server only). */
export interface ScimTarget {
  /** The provisioning entity's id. */
  id: string;
  'name:en': string;
  'name:nl': string;
  /** The SCIM base URL, without a trailing slash (…/Users and …/Groups are under it). */
  url: string;
  /** The Authorization header's value (Basic or Bearer), null when the target asks none. */
  authorization: string | null;
  /** Which of the user's attributes is the SCIM userName and externalId. */
  userIdentifier: 'eduperson_principal_name' | 'subject_id' | 'email';
  /** Groups are replaced whole (PUT) instead of patched. */
  putMethod: boolean;
  /** Users only, no groups. */
  userProvisioningOnly: boolean;
  /** The manage ids of the applications it provisions. */
  applications: string[];
  /**
   * What it speaks: SCIM (the default), eVA guest accounts or Microsoft Graph B2B invitations. eVA and
   * Graph take users only (userProvisioningOnly), `url` is their base URL and `authorization` null: their
   * secrets are in `eva` and `graph`.
   */
  protocol?: 'scim' | 'eva' | 'graph';
  eva?: { token: string; guestAccountDays: number };
  graph?: { clientId: string; secret: string; tenant: string };
}
/** An identity provider as the registry holds it, with or without an institution (eduID has none). */
export type AnyIdentityProvider = Omit<IdentityProvider, 'organizationGUID'> & {
  organizationGUID?: string;
  /** Its scope (`shibmd:scope:0:allowed`): the home organisation of the people it signs in. */
  scope?: string;
};

/**
 * The application registry (OpenConext Manage or its JSON stand-in): everything the server needs to know
 * about applications, provisionings and institutions; `app.registry`.
 */
export interface Registry {
  providers(): Promise<RegistryApplication[]>;
  provider(manageId: string): Promise<RegistryApplication | null>;
  /** The applications with this entity id (normally one). */
  providersByEntityId(entityid: string): Promise<RegistryApplication[]>;
  provisionings(): Promise<Provisioning[]>;
  provisioningsFor(manageId: string): Promise<Provisioning[]>;
  /** The provisionings of type scim, with their URLs and secrets (the delivery worker's targets). */
  scimTargets(): Promise<ScimTarget[]>;
  identityProviders(): Promise<IdentityProvider[]>;
  identityProviderByOrganizationGUID(guid: string): Promise<IdentityProvider | null>;
  /** The identity provider with this entity id, institution or not (eduID's); null when unknown. */
  identityProviderByEntityId(entityId: string): Promise<AnyIdentityProvider | null>;
  applicationsForOrganization(guid: string): Promise<RegistryApplication[]>;
  /**
   * The entity ids of the identity providers that allow every one of these services (entity ids): those
   * whose `allowedall` is true or whose `allowedEntities` names each, the way Manage writes them.
   */
  identityProvidersAllowing(entityIds: readonly string[]): Promise<string[]>;
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
