/** Defaults shared by the configuration and the dev IdP's personas. */
export const DEFAULT_INSTITUTION_ADMIN_ENTITLEMENT =
  'urn:mace:surfnet.nl:surfnet.nl:sab:role:SURFconextverantwoordelijke';
export const DEFAULT_ORGANIZATION_GUID_PREFIX = 'urn:mace:surfnet.nl:surfnet.nl:sab:organizationGUID:';
/** The sub of the dev IdP's admin persona: the default super user when the dev IdP is in use. */
export const DEV_ADMIN_SUB = 'urn:collab:person:example.org:admin';
/**
 * The shortest retention of the audit trail AUDIT_RETENTION_DAYS accepts. No Dutch or EU law names a
 * period for this trail (the GDPR asks to keep it no longer than needed); 90 days is the floor of CIS
 * Controls v8, safeguard 8.10 ("retain audit logs for a minimum of 90 days"), which we take as ours.
 */
export const AUDIT_RETENTION_MINIMUM_DAYS = 90;
