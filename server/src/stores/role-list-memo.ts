/**
 * A super user's role list (GET roles) as JSON texts: each role kept as its text between requests while
 * nothing can have changed it (text-memo.ts), with the registry's applications it was shaped with, and
 * without its member count, which changes with every membership: each page reads the counts with its ids
 * (searchRoleCounts) and writes each first in its role's object.
 */
import fastJson from 'fast-json-stringify';
import type { Role, User } from 'shared-auth/rules';
import type { ChangeClock } from '../db/change-clock.js';
import type { Queryable } from '../db/types.js';
import type { PageSql } from '../domain/paging.js';
import { roleSchema } from '../domain/schemas.js';
import type { Registry } from '../registry/registry.js';
import { roleRowsById, shapedRole } from './role-memo.js';
import { searchRoleCounts, searchRoles } from './roles.store.js';
import { keepTexts, keptTexts, textMemo } from './text-memo.js';

/** Writes one role of a role list, as the route's response schema would. */
const roleJson = fastJson(roleSchema);

/** A role's text with its member count, written first in its object (a role's text is '{"id":…'). */
const counted = (json: string, userRoleCount: number) => `{"userRoleCount":${userRoleCount},${json.slice(1)}`;

/**
 * The roles of a super user's role list, each as its JSON text (roleSchema), in the order of `counts`,
 * with its member count; a role that is gone (deleted since the page was read) is left out.
 */
export async function listedRoles(
  q: Queryable,
  clock: ChangeClock,
  registry: Registry,
  counts: ReadonlyArray<{ id: number; userRoleCount: number }>,
): Promise<string[]> {
  const known = await registry.applicationMaps();
  return keptTexts(
    textMemo(clock, 'roles'),
    clock,
    known,
    counts.map((count) => count.id),
    async (missing) =>
      [...(await roleRowsById(q, clock, missing))].map(([id, row]) => ({
        id,
        json: roleJson(shapedRole(row, known)),
        until: Infinity,
      })),
    (json, index) => counted(json, counts[index].userRoleCount),
  );
}

/**
 * A super user's page of roles as their JSON texts, and its total. While the memo holds texts of this
 * moment the page's statement reads ids and member counts only (searchRoleCounts), and the texts come from
 * the memo; otherwise (after any change) the roles are read as searchRoles reads them, and kept.
 */
export async function searchListedRoles(
  q: Queryable,
  clock: ChangeClock,
  registry: Registry,
  scope: { user: User; force: boolean },
  page: PageSql,
): Promise<{ texts: string[]; total: number }> {
  const memo = textMemo(clock, 'roles');
  // The reading from before the read: a change committed while it runs leaves what it read stale.
  const reading = clock.reading;
  if (memo.warm(reading)) {
    const { counts, total } = await searchRoleCounts(q, scope, page);
    return { texts: await listedRoles(q, clock, registry, counts), total };
  }
  const { roles, total } = await searchRoles(q, clock, registry, scope, page);
  const known = await registry.applicationMaps();
  const texts = keepTexts(
    memo,
    reading,
    known,
    roles.map(({ userRoleCount: _count, ...role }: Role) => ({
      id: role.id,
      json: roleJson(role),
      until: Infinity,
    })),
  );
  return { texts: texts.map((json, index) => counted(json, roles[index].userRoleCount ?? 0)), total };
}
