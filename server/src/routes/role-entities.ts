/**
 * The role a request names, for the entity permissions of every API's role routes (console, external,
 * internal): loaded once by the permission, read by the handler with `.of(request)`.
 */
import { roleNamedBy } from '../plugins/permissions.js';

/** The role `…/roles/{id}` names. */
export const roleInPath = roleNamedBy<{ Params: { id: number } }>((request) => request.params.id);

/** The role `…/{roleId}` names. */
export const roleIdInPath = roleNamedBy<{ Params: { roleId: number } }>((request) => request.params.roleId);

/** The role an update's body names by its `id`. */
export const roleInBody = roleNamedBy<{ Body: { id: number } }>((request) => request.body.id);
