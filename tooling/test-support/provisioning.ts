// Provisioning as the API answers it, for the tests of the packages that show it (`test-support/provisioning`).
import type { ShownProvisioningTarget } from 'shared-auth';

/** A SCIM target of the registry (groups, PATCH), provisioning the wiki and the forge. */
export const HARDERWIJK_TARGET: ShownProvisioningTarget = {
  id: 'prov-scim-harderwijk',
  'name:en': 'Harderwijk SCIM',
  'name:nl': 'Harderwijk SCIM-koppeling',
  url: 'https://scim.example.org/v2',
  groups: true,
  putMethod: false,
  applications: ['app-wiki', 'app-gitlab'],
};
