import type { ManageType, Provisioning } from 'shared-auth/rules';
import type { AnyIdentityProvider, IdentityProvider, RegistryApplication } from './registry.js';

/** The shape of an entity in an OpenConext Manage-style registry (and in our JSON files). */
export interface ManageEntity {
  id: string;
  type: string;
  data: {
    entityid?: string;
    metaDataFields?: Record<string, unknown>;
    applications?: Array<{ id: string; type?: string }>;
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
  return {
    id: entity.id,
    entityid: entity.data.entityid ?? entity.id,
    ...(guid ? { organizationGUID: guid } : {}),
    'name:en': text(f, 'name:en') ?? text(f, 'name:nl'),
    'name:nl': text(f, 'name:nl') ?? text(f, 'name:en'),
    logo: text(f, 'logo:0:url'),
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
