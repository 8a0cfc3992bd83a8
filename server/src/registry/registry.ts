import type { ManageType, Provider, Provisioning } from 'shared-auth/rules';
import type { RegistryPort } from '../plugins/ports.js';

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

/** The registry lookups of the API routes (merged into the plumbing's RegistryPort below). */
export interface RegistryLookups {
  providers(): Promise<RegistryApplication[]>;
  provider(manageId: string): Promise<RegistryApplication | null>;
  provisionings(): Promise<Provisioning[]>;
  provisioningsFor(manageId: string): Promise<Provisioning[]>;
  identityProviders(): Promise<IdentityProvider[]>;
  identityProviderByOrganizationGUID(guid: string): Promise<IdentityProvider | null>;
  applicationsForOrganization(guid: string): Promise<RegistryApplication[]>;
}

/**
 * The application registry (OpenConext Manage or its JSON stand-in). Everything the server needs to know
 * about applications, provisionings and institutions goes through this one interface; `app.registry`.
 */
export interface Registry extends RegistryLookups, RegistryPort {}

/**
 * `app.registry` typed as the full Registry. The plumbing only declares the lookups it needs itself
 * (RegistryPort); every registry this server builds implements all of Registry, but a test may hand the
 * app a partial one, which fails here with a clear message instead of an undefined-function error.
 */
export function fullRegistry(port: RegistryPort): Registry {
  if (typeof (port as Partial<Registry>).providers !== 'function') {
    throw new Error('The application registry in use lacks the lookups of the API routes');
  }
  return port as Registry;
}

/** The app's registry as a full Registry (resolved per call: a test may have decorated a partial one). */
export function registry(app: { registry: RegistryPort }): Registry {
  return fullRegistry(app.registry);
}
