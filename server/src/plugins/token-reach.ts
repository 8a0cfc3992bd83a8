/**
 * What an API token may never reach, whoever owns it: a token is for automation, so it does not manage
 * tokens or sessions and runs no system job (impersonation is refused too). Everything else it reaches
 * with its owner's rights; server/README.md lists it.
 *
 * The decision is taken on the route that matched (its registered pattern, `request.routeOptions.url`),
 * never on the URL's text: the router decodes percent-escapes (`/api/v1/%74okens` is `tokens`) while
 * `request.url` keeps them, so a rule on the text let `%73ystem/cron/cleanup` through.
 */
import { httpError } from '../errors.js';

/**
 * The registered patterns a token may not reach: each group itself and everything under it. A route
 * added to one of these groups later is covered without a change here.
 */
const TOKEN_FORBIDDEN_GROUPS = [
  '/api/v1/tokens',
  '/api/v1/system',
  '/api/v1/csrf',
  '/api/v1/users/login',
  '/api/v1/users/logout',
] as const;

/**
 * Whether a token may call the route registered as `pattern`. A request that matched no route (a 404,
 * pattern undefined) reaches no handler of ours, so it may go on to its not-found answer.
 */
export function tokenMayReach(pattern: string | undefined): boolean {
  if (pattern === undefined) return true;
  return !TOKEN_FORBIDDEN_GROUPS.some((group) => pattern === group || pattern.startsWith(`${group}/`));
}

/**
 * Refuses a token call to what tokens may not reach, before anything else happens. `pattern` is the
 * matched route's registered pattern (`request.routeOptions.url`), never the request's URL.
 */
export function checkTokenReach(pattern: string | undefined, impersonates: boolean): void {
  if (impersonates) throw httpError(403, 'An API token cannot impersonate');
  if (!tokenMayReach(pattern))
    throw httpError(403, 'API tokens cannot manage tokens or sessions, nor reach system calls');
}
