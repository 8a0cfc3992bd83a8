/**
 * What the routes of HTTP Basic service accounts (REMOTE_USERS: profile, lifecycle) share in their
 * schemas: the person's subject as a path parameter, and their error answers (problem details, each with
 * an example) for a bad request, missing or wrong credentials, a missing scope and the failed-login limit.
 */
import type { RemoteUserScope } from '../config.js';
import { problemSchema } from './external/schemas.js';

/** A person's subject in the path: it may hold colons (`urn:collab:person:…`), URL-encoded or not. */
export const subParams = {
  type: 'object',
  required: ['sub'],
  properties: {
    sub: {
      type: 'string',
      minLength: 1,
      maxLength: 512,
      description: "The person's subject (the `sub` of their login, their collabPersonId), URL-encoded",
      examples: ['urn:collab:person:example.org:jdoe'],
    },
  },
} as const;

/** An error answer: problem details with an example. */
export function problem(description: string, status: number, title: string, detail: string) {
  return {
    description,
    content: {
      'application/problem+json': {
        schema: { ...problemSchema, examples: [{ type: 'about:blank', title, status, detail }] },
      },
    },
  };
}

/** The error answers of a route for service accounts with this scope. */
export function serviceAccountRefusals(scope: RemoteUserScope, badRequest: string) {
  return {
    400: problem('The request is not valid; `detail` says which part', 400, 'Bad Request', badRequest),
    401: problem(
      'No credentials, or wrong ones',
      401,
      'Unauthorized',
      `HTTP Basic credentials of a service account with the scope ${scope} are required`,
    ),
    403: problem(
      `A service account without the scope ${scope}`,
      403,
      'Forbidden',
      `This service account lacks the scope ${scope}`,
    ),
    429: problem(
      'Too many failed logins with this account or from this address; `Retry-After` says when to try again',
      429,
      'Too Many Requests',
      'Too many failed logins with this account or from this address; try again in 42 seconds',
    ),
  };
}
