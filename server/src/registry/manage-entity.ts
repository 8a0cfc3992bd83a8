import type { ManageType, Provisioning } from 'shared-auth/rules';
import type { AnyIdentityProvider, IdentityProvider, RegistryApplication, ScimTarget } from './registry.js';

/** The shape of an entity in an OpenConext Manage-style registry (and in our JSON files). */
export interface ManageEntity {
  id: string;
  type: string;
  data: {
    entityid?: string;
    metaDataFields?: Record<string, unknown>;
    applications?: Array<{ id: string; type?: string }>;
    /** An identity provider's (or service's) allow list, as Manage writes it: everyone, or these entity ids. */
    allowedall?: boolean;
    allowedEntities?: Array<{ name?: string }>;
  };
}

const APPLICATION_TYPES: readonly ManageType[] = ['saml20_sp', 'oidc10_rp'];

function text(fields: Record<string, unknown>, key: string): string | undefined {
  const value = fields[key];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

export function isApplicationType(type: string): type is ManageType {
  return (APPLICATION_TYPES as readonly string[]).includes(type);
}

export function toApplication(entity: ManageEntity): RegistryApplication | null {
  if (!isApplicationType(entity.type)) return null;
  const f = entity.data.metaDataFields ?? {};
  const receives = f['coin:receives_memberships'];
  return {
    id: entity.id,
    manageId: entity.id,
    type: entity.type,
    manageType: entity.type,
    'name:en': text(f, 'name:en') ?? text(f, 'name:nl') ?? entity.data.entityid,
    'name:nl': text(f, 'name:nl') ?? text(f, 'name:en') ?? entity.data.entityid,
    'OrganizationName:en': text(f, 'OrganizationName:en') ?? text(f, 'OrganizationName:nl'),
    'OrganizationName:nl': text(f, 'OrganizationName:nl') ?? text(f, 'OrganizationName:en'),
    logo: text(f, 'logo:0:url'),
    url: text(f, 'url') ?? text(f, 'url:en'),
    landingPage: text(f, 'coin:landing_page'),
    receivesMemberships: receives === true || receives === '1' || receives === 'true',
    institutionGuid: text(f, 'coin:institution_guid'),
    entityid: entity.data.entityid,
  };
}

export function toIdentityProvider(entity: ManageEntity): IdentityProvider | null {
  const idp = toAnyIdentityProvider(entity);
  return idp.organizationGUID ? { ...idp, organizationGUID: idp.organizationGUID } : null;
}

/** Any identity provider, with its institution's GUID when it has one. */
export function toAnyIdentityProvider(entity: ManageEntity): AnyIdentityProvider {
  const f = entity.data.metaDataFields ?? {};
  const guid = text(f, 'coin:institution_guid');
  const scope = text(f, 'shibmd:scope:0:allowed');
  return {
    id: entity.id,
    entityid: entity.data.entityid ?? entity.id,
    ...(guid ? { organizationGUID: guid } : {}),
    ...(scope ? { scope } : {}),
    'name:en': text(f, 'name:en') ?? text(f, 'name:nl'),
    'name:nl': text(f, 'name:nl') ?? text(f, 'name:en'),
    logo: text(f, 'logo:0:url'),
  };
}

/** An identity provider's allow list: every service when allowedall, else those its allowedEntities name. */
export interface AllowList {
  entityid: string;
  allowedAll: boolean;
  allowed: ReadonlySet<string>;
}

export function toAllowList(entity: ManageEntity): AllowList {
  const names = (Array.isArray(entity.data.allowedEntities) ? entity.data.allowedEntities : [])
    .map((entry) => entry?.name)
    .filter((name): name is string => typeof name === 'string' && name !== '');
  return {
    entityid: entity.data.entityid ?? entity.id,
    allowedAll: entity.data.allowedall === true,
    allowed: new Set(names),
  };
}

export function toProvisioning(entity: ManageEntity): Provisioning {
  const f = entity.data.metaDataFields ?? {};
  return {
    provisioning_type: text(f, 'provisioning_type') ?? 'scim',
    'name:en': text(f, 'name:en') ?? entity.data.entityid,
    'name:nl': text(f, 'name:nl') ?? text(f, 'name:en') ?? entity.data.entityid,
    applications: (entity.data.applications ?? []).map((a) => ({
      id: a.id,
      ...(a.type && isApplicationType(a.type) ? { manageType: a.type } : {}),
    })),
  };
}

const SCIM_USER_IDENTIFIERS: readonly ScimTarget['userIdentifier'][] = [
  'eduperson_principal_name',
  'subject_id',
  'email',
];

function flag(fields: Record<string, unknown>, key: string): boolean {
  const value = fields[key];
  return value === true || value === '1' || value === 'true';
}

/**
 * A provisioning entity of type scim as the delivery worker needs it, secrets included: never sent to a
 * browser, written to a log or kept in the audit trail (toProvisioning is what the API shows). Null for
 * any other type, and for a SCIM provisioning without a URL. A URL that starts with `/` is on this
 * server (the development SCIM service provider), resolved against `baseUrl`.
 */
export function toScimTarget(entity: ManageEntity, baseUrl: string): ScimTarget | null {
  const f = entity.data.metaDataFields ?? {};
  const type = text(f, 'provisioning_type') ?? 'scim';
  if (type === 'eva' || type === 'graph') return toUserTarget(entity, baseUrl, type);
  if (type !== 'scim') return null;
  const url = text(f, 'scim_url');
  if (!url) return null;
  let absolute: string;
  try {
    absolute = new URL(url, `${baseUrl}/`).toString().replace(/\/+$/, '');
  } catch {
    return null;
  }
  const user = text(f, 'scim_user');
  const password = text(f, 'scim_password');
  const bearer = text(f, 'scim_bearer_token');
  const identifier = text(f, 'scim_user_identifier') as ScimTarget['userIdentifier'] | undefined;
  return {
    id: entity.id,
    'name:en': text(f, 'name:en') ?? text(f, 'name:nl') ?? entity.data.entityid ?? entity.id,
    'name:nl': text(f, 'name:nl') ?? text(f, 'name:en') ?? entity.data.entityid ?? entity.id,
    url: absolute,
    authorization: bearer
      ? `Bearer ${bearer}`
      : user && password
        ? `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`
        : null,
    userIdentifier:
      identifier && SCIM_USER_IDENTIFIERS.includes(identifier) ? identifier : 'eduperson_principal_name',
    putMethod: flag(f, 'scim_update_role_put_method'),
    userProvisioningOnly: flag(f, 'scim_user_provisioning_only'),
    applications: (entity.data.applications ?? []).map((a) => a.id),
  };
}

/** A URL of the registry made absolute (one starting with `/` is on this server), without a trailing slash. */
function absoluteUrl(url: string | undefined, baseUrl: string): string | null {
  if (!url) return null;
  try {
    return new URL(url, `${baseUrl}/`).toString().replace(/\/+$/, '');
  } catch {
    return null;
  }
}

/**
 * An eVA provisioning (`eva_url`, `eva_token`, `eva_guest_account_duration` days) or a Microsoft Graph one
 * (`graph_url`, `graph_client_id`, `graph_secret`, `graph_tenant`) as the delivery worker needs it, secrets
 * included (server only, like toScimTarget). Null when a field it cannot work without is missing.
 */
function toUserTarget(entity: ManageEntity, baseUrl: string, type: 'eva' | 'graph'): ScimTarget | null {
  const f = entity.data.metaDataFields ?? {};
  const url = absoluteUrl(text(f, `${type}_url`), baseUrl);
  if (!url) return null;
  const common = {
    id: entity.id,
    'name:en': text(f, 'name:en') ?? text(f, 'name:nl') ?? entity.data.entityid ?? entity.id,
    'name:nl': text(f, 'name:nl') ?? text(f, 'name:en') ?? entity.data.entityid ?? entity.id,
    url,
    authorization: null,
    userIdentifier: 'email' as const,
    putMethod: false,
    userProvisioningOnly: true,
    applications: (entity.data.applications ?? []).map((a) => a.id),
    protocol: type,
  };
  if (type === 'eva') {
    const token = text(f, 'eva_token');
    if (!token) return null;
    const days = Number(f.eva_guest_account_duration ?? 30);
    return {
      ...common,
      eva: { token, guestAccountDays: Number.isInteger(days) && days > 0 ? days : 30 },
    };
  }
  const clientId = text(f, 'graph_client_id');
  const secret = text(f, 'graph_secret');
  const tenant = text(f, 'graph_tenant');
  if (!clientId || !secret || !tenant) return null;
  return { ...common, graph: { clientId, secret, tenant } };
}

export function parseEntities(value: unknown, source: string): ManageEntity[] {
  if (!Array.isArray(value)) throw new Error(`${source}: expected a JSON array of entities`);
  return value.filter(
    (e): e is ManageEntity =>
      typeof e === 'object' &&
      e !== null &&
      typeof (e as ManageEntity).id === 'string' &&
      typeof (e as ManageEntity).type === 'string' &&
      typeof (e as ManageEntity).data === 'object',
  );
}
