/**
 * The membership a request names, for the entity permissions of the console's and the external API's
 * user-role routes: loaded once with its role, judged as the membership acted on.
 */
import type { RouteGenericInterface } from 'fastify';
import { entity, type RequestOf } from '../plugins/permissions.js';
import { membershipById, type Membership } from '../use-cases/membership-end-date.js';

/** The membership `pick` reads the id of (`userRoleId`), with its role; 404 when there is none. */
export function membershipNamedBy<R extends RouteGenericInterface>(pick: (request: RequestOf<R>) => number) {
  return entity<Membership, Membership['target'], R>({
    load: (request) => membershipById(request.server, pick(request)),
    notFound: (request) => `User role ${pick(request)} not found`,
    judged: ({ target }) => target,
  });
}

/** The membership an end-date change names (`userRoleId` in the body). */
export const membershipInBody = membershipNamedBy<{ Body: { userRoleId: number } }>(
  (request) => request.body.userRoleId,
);
