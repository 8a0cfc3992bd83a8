/**
 * A small in-memory registry for tests of the plumbing: two applications of Universiteit Harderwijk and
 * one of another organisation, as Manage-style entities behind the same EntityRegistry the server uses.
 */
import { HARDERWIJK_ORGANIZATION_GUID } from '../dev/idp/personas.js';
import { EntityRegistry } from '../registry/entity-registry.js';
import type { ManageEntity } from '../registry/manage-entity.js';

function application(id: string, fields: Record<string, string>): ManageEntity {
  return { id, type: 'saml20_sp', data: { entityid: `https://${id}.example.org`, metaDataFields: fields } };
}

const APPLICATIONS: ManageEntity[] = [
  application('app-wiki', {
    'name:en': 'Wiki',
    'name:nl': 'Wiki',
    'OrganizationName:en': 'Universiteit Harderwijk',
    'logo:0:url': 'https://static.example.org/wiki.png',
    url: 'https://wiki.example.org',
    'coin:institution_guid': HARDERWIJK_ORGANIZATION_GUID,
  }),
  application('app-mail', {
    'name:en': 'Mail',
    'name:nl': 'Post',
    'OrganizationName:en': 'Universiteit Harderwijk',
    url: 'https://mail.example.org',
    'coin:institution_guid': HARDERWIJK_ORGANIZATION_GUID,
  }),
  application('app-other', {
    'name:en': 'Elsewhere',
    'OrganizationName:en': 'Other University',
    url: 'https://elsewhere.example.org',
    'coin:institution_guid': '00000000-0000-0000-0000-000000000000',
  }),
];

const IDENTITY_PROVIDERS: ManageEntity[] = [
  {
    id: 'idp-harderwijk',
    type: 'saml20_idp',
    data: {
      entityid: 'https://idp.harderwijk.example.org',
      metaDataFields: {
        'name:en': 'Universiteit Harderwijk',
        'name:nl': 'Universiteit Harderwijk',
        'coin:institution_guid': HARDERWIJK_ORGANIZATION_GUID,
      },
    },
  },
];

export const testRegistry = new EntityRegistry(async () => ({
  applications: APPLICATIONS,
  identityProviders: IDENTITY_PROVIDERS,
  provisionings: [],
}));

/** The application the provisioning tests send for. */
export const WIKI: ManageEntity = {
  id: 'app-wiki',
  type: 'saml20_sp',
  data: { entityid: 'https://wiki.example.org', metaDataFields: { 'name:en': 'Wiki' } },
};

/** A SCIM target as Manage describes one: at `scimUrl` with bearer token `b`, for app-wiki unless told. */
export function scimTarget(
  id: string,
  scimUrl: string,
  fields: Record<string, unknown> = {},
  applications: string[] = ['app-wiki'],
): ManageEntity {
  return {
    id,
    type: 'provisioning',
    data: {
      entityid: `https://${id}.example.org`,
      metaDataFields: { provisioning_type: 'scim', scim_url: scimUrl, scim_bearer_token: 'b', ...fields },
      applications: applications.map((application) => ({ id: application, type: 'saml20_sp' })),
    },
  };
}

/**
 * A registry of app-wiki (or these applications) and the provisionings `targets` gives each time it is
 * read (so a target's URL may name a port the test learns later).
 */
export function targetRegistry(
  targets: () => ManageEntity[],
  applications: ManageEntity[] = [WIKI],
): EntityRegistry {
  return new EntityRegistry(async () => ({ applications, identityProviders: [], provisionings: targets() }));
}
