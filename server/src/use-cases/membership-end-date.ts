/**
 * A membership with its role, changing its end date and removing it: the console's
 * `PUT /api/v1/user_roles` and `DELETE /api/v1/user_roles/{roleId}/{userRoleId}` and the external API's
 * `PUT /api/external/v1/user_roles` and `DELETE /api/external/v1/user_roles/{id}` are faces of these.
 */
import type { FastifyInstance } from 'fastify';
import { userRoleEndDateProblem, type EndDateProblem, type Role, type User } from 'shared-auth/rules';
import { idSchema } from '../domain/ids.js';
import { httpError } from '../errors.js';
import type { AuditActor } from '../stores/audit.store.js';
import { loadRole } from '../stores/roles.store.js';
import { toUserRole, type UserRoleRow } from '../stores/user-role.rows.js';
import { loadUserRoleRow, removeUserRole, setEndDate } from '../stores/user-roles.store.js';

type Deps = Pick<FastifyInstance, 'db' | 'registry' | 'config'>;

/** What an end date may not be, in words (shared-auth's userRoleEndDateProblem names the problem). */
export const END_DATE_PROBLEMS: Record<EndDateProblem, string> = {
  guestNeedsEndDate: 'A guest role needs an end date',
  endDateNotInFuture: 'The end date must be in the future',
  endDateAfterRoleEnd: "The end date cannot be after the role's end date",
};

/** The schema of an end-date change's body, with `example` as its example. */
export function endDateBodySchema(example: { userRoleId: string; endDate: number }) {
  return {
    type: 'object',
    required: ['userRoleId'],
    properties: {
      userRoleId: idSchema,
      endDate: { type: ['integer', 'null'], minimum: 0, maximum: 253_402_300_799 },
    },
    examples: [example],
  } as const;
}

/** A membership with its role, and what the shared rules judge: the membership as acted on. */
export interface Membership {
  row: UserRoleRow;
  role: Role;
  target: ReturnType<typeof toUserRole>;
}

/** The membership of `row` with its role; null when there is none (or its role is gone). */
export async function membershipOf(
  app: Pick<Deps, 'db' | 'registry'>,
  row: UserRoleRow | null,
): Promise<Membership | null> {
  const role = row && (await loadRole(app.db, app.registry, Number(row.role_id)));
  return row && role ? { row, role, target: toUserRole(row, role) } : null;
}

/** The membership `userRoleId` names, with its role; null when there is none. */
export async function membershipById(
  app: Pick<Deps, 'db' | 'registry'>,
  userRoleId: number,
): Promise<Membership | null> {
  return membershipOf(app, await loadUserRoleRow(app.db, userRoleId));
}

/**
 * Sets (or clears, with null) the membership's end date for `user`, who may renew it (the route's
 * permission): 400 naming the problem when the date is not one this membership may have. Audited.
 */
export async function changeEndDate(
  app: Deps,
  actor: AuditActor,
  user: User,
  { row, role }: Membership,
  endDate: number | null,
): Promise<ReturnType<typeof toUserRole>> {
  const { db, config } = app;
  const problem = userRoleEndDateProblem(user, row.authority, endDate, {
    pastDateAllowed: config.pastDateAllowed,
    roleEndDate: role.endDate,
  });
  if (problem === 'endDateAfterRoleEnd') {
    const day = new Date((role.endDate as number) * 1000).toISOString().slice(0, 10);
    throw httpError(400, `${END_DATE_PROBLEMS[problem]} (${day})`);
  }
  if (problem) throw httpError(400, END_DATE_PROBLEMS[problem]);
  const updated = await db.tx((q) => setEndDate(q, actor, row, endDate));
  return toUserRole(updated, role);
}

/**
 * The membership gone (audited; its member deprovisioned), or with `guestOnly` only the guest role a
 * maintainer's membership includes. The route has checked who may.
 */
export async function removeMembership(
  app: Pick<Deps, 'db'>,
  actor: AuditActor,
  row: UserRoleRow,
  guestOnly: boolean,
): Promise<void> {
  await app.db.tx((q) => removeUserRole(q, actor, row, guestOnly));
}
