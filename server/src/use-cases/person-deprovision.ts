/**
 * Removing a person everywhere (the federation's lifecycle service: GDPR erasure, leavers), in the SURF
 * lifecycle format that OpenConext Invite answers with: what the console holds of the person, and — unless
 * it is a preview — their removal. The removal is the console's own user deletion (DELETE
 * /api/v1/users/{id}: deleteUser, audited) plus their browser sessions, in one transaction; the
 * provisioning triggers of migration 020 record it for every SCIM target in that transaction, and the
 * delivery worker removes the person (and them from every group) wherever they were delivered.
 */
import type { User } from 'shared-auth/rules';
import type { Db } from '../db/types.js';
import type { Registry } from '../registry/registry.js';
import type { AuditActor } from '../stores/audit.store.js';
import { deleteSessionsOfUser } from '../stores/sessions.store.js';
import { deleteUser, loadUser, loadUserBySub, lockUserBySub } from '../stores/users.store.js';

/** One attribute of the answer: `membership` once per role. */
export interface LifecycleAttribute {
  name: string;
  value: string;
}

/** The SURF lifecycle answer: always status OK; an unknown person has no data. */
export interface LifecycleResult {
  status: 'OK';
  name: string;
  message: string;
  data: LifecycleAttribute[];
}

/** How this service names itself in the answer. */
export const LIFECYCLE_SERVICE_NAME = 'access-portal';

/**
 * What the console holds of the person: email, eduPersonPrincipalName, schacHomeOrganization, name, urn
 * (their subject), lastLoginDate (their last activity, ISO 8601) and one membership per role (its name);
 * empty values left out, sorted by attribute name and then value.
 */
export function lifecycleAttributes(user: User): LifecycleAttribute[] {
  const attributes: LifecycleAttribute[] = [
    { name: 'email', value: user.email ?? '' },
    { name: 'eduPersonPrincipalName', value: user.eduPersonPrincipalName ?? '' },
    { name: 'schacHomeOrganization', value: user.schacHomeOrganization ?? '' },
    { name: 'name', value: user.name ?? '' },
    { name: 'urn', value: user.sub ?? '' },
    {
      name: 'lastLoginDate',
      value: user.lastActivity === undefined ? '' : new Date(user.lastActivity * 1000).toISOString(),
    },
    ...(user.userRoles ?? []).map((userRole) => ({ name: 'membership', value: userRole.role.name })),
  ];
  return attributes
    .filter((attribute) => attribute.value.trim() !== '')
    .sort((a, b) => (a.name === b.name ? cmp(a.value, b.value) : cmp(a.name, b.name)));
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function result(message: string, data: LifecycleAttribute[]): LifecycleResult {
  return { status: 'OK', name: LIFECYCLE_SERVICE_NAME, message, data };
}

/** What a removal would take (GET and DELETE …/dry-run): nothing changes. */
export async function previewDeprovision(db: Db, registry: Registry, sub: string): Promise<LifecycleResult> {
  const user = await loadUserBySub(db, registry, sub);
  if (!user) return result('No such person', []);
  return result('Dry run: nothing was removed', lifecycleAttributes(user));
}

/**
 * Removes the person with this subject: the user, their memberships, their API tokens and their browser
 * sessions, in one transaction with its audit row (the actor: the service account); answers what was
 * removed. An unknown person: nothing happens, empty data.
 */
export async function deprovisionPerson(
  db: Db,
  registry: Registry,
  actor: AuditActor,
  sub: string,
): Promise<LifecycleResult> {
  return db.tx(async (q) => {
    const id = await lockUserBySub(q, sub);
    const user = id === null ? null : await loadUser(q, registry, id);
    if (id === null || !user) return result('No such person', []);
    const data = lifecycleAttributes(user);
    await deleteSessionsOfUser(q, id);
    await deleteUser(q, actor, id);
    return result('Removed', data);
  });
}
