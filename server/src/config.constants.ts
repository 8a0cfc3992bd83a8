/** Defaults shared by the configuration and the dev IdP's personas. */
export const DEFAULT_INSTITUTION_ADMIN_ENTITLEMENT =
  'urn:mace:surfnet.nl:surfnet.nl:sab:role:SURFconextverantwoordelijke';
export const DEFAULT_ORGANIZATION_GUID_PREFIX = 'urn:mace:surfnet.nl:surfnet.nl:sab:organizationGUID:';
/** The sub of the dev IdP's admin persona: the default super user when the dev IdP is in use. */
export const DEV_ADMIN_SUB = 'urn:collab:person:example.org:admin';
