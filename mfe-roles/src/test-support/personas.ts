// The users of the roles tests (test-support/personas), the managers, inviters and guests holding wikiRole.
import { personasHolding } from 'test-support/personas';
import { wikiRole } from './roles.fixture';

export { ORGANISATION_GUID } from 'test-support/personas';
export const { superUser, institutionAdmin, institutionAdminWithoutApplications, manager, inviter, guest } =
  personasHolding(wikiRole);
