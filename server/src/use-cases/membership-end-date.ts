/**
 * A membership with its role, and changing its end date: the console's `PUT /api/v1/user_roles` and the
 * external API's `PUT /api/external/v1/user_roles` are two faces of this one use case.
 */
import type { FastifyRequest } from 'fastify';
import { userRoleEndDateProblem, type EndDateProblem, type Role, type User } from 'shared-auth/rules';
import { httpError } from '../errors.js';
import { loadRole } from '../stores/roles.store.js';
import { toUserRole, type UserRoleRow } from '../stores/user-role.rows.js';
import { setEndDate } from '../stores/user-roles.store.js';

/** What an end date may not be, in words (shared-auth's userRoleEndDateProblem names the problem). */
export const END_DATE_PROBLEMS: Record<EndDateProblem, string> = {
  guestNeedsEndDate: 'A guest role needs an end date',
  endDateNotInFuture: 'The end date must be in the future',
  endDateAfterRoleEnd: "The end date cannot be after the role's end date",
};

/** A membership with its role, and what the shared rules judge: the membership as acted on. */
export interface Membership {
  row: UserRoleRow;
  role: Role;
  target: ReturnType<typeof toUserRole>;
}

/** The membership of `row` with its role; null when there is none (or its role is gone). */
export async function membershipOf(
  request: FastifyRequest,
  row: UserRoleRow | null,
): Promise<Membership | null> {
  const role = row && (await loadRole(request.server.db, request.server.registry, Number(row.role_id)));
  return row && role ? { row, role, target: toUserRole(row, role) } : null;
}

/**
 * Sets (or clears, with null) the membership's end date for `user`, who may renew it (the route's
 * permission): 400 naming the problem when the date is not one this membership may have. Audited.
 */
export async function changeEndDate(
  request: FastifyRequest,
  user: User,
  { row, role }: Membership,
  endDate: number | null,
): Promise<ReturnType<typeof toUserRole>> {
  const { db, config } = request.server;
  const problem = userRoleEndDateProblem(user, row.authority, endDate, {
    pastDateAllowed: config.pastDateAllowed,
    roleEndDate: role.endDate,
  });
  if (problem === 'endDateAfterRoleEnd') {
    const day = new Date((role.endDate as number) * 1000).toISOString().slice(0, 10);
    throw httpError(400, `${END_DATE_PROBLEMS[problem]} (${day})`);
  }
  if (problem) throw httpError(400, END_DATE_PROBLEMS[problem]);
  const updated = await db.tx((q) => setEndDate(q, request, row, endDate));
  return toUserRole(updated, role);
}
