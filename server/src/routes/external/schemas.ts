/**
 * What the external API's routes share in their schemas: the token requirement, problem+json errors
 * (RFC 9457) and the route config. The same schemas validate requests and make the OpenAPI document.
 */
import { roleSchema, userRoleSchema } from '../../domain/schemas.js';
import { API_TOKEN_ROUTE } from '../../plugins/external-token.js';

/** An error answer: RFC 9457 problem details. */
export const problemSchema = {
  type: 'object',
  required: ['type', 'title', 'status', 'detail'],
  properties: {
    type: {
      type: 'string',
      description: 'A URI naming the kind of problem; `about:blank` when the status says it all',
    },
    title: { type: 'string', description: 'The status in words' },
    status: { type: 'integer', description: 'The HTTP status' },
    detail: { type: 'string', description: 'What went wrong, in words a person can act on' },
    instance: { type: 'string', description: 'The path of the request' },
    reference: { type: 'integer', description: 'On a 5xx: the number to quote to support' },
  },
} as const;

const PROBLEM_EXAMPLES: Record<number, string> = {
  400: 'body.invites must NOT have more than 1000 items',
  401: 'This call needs an API token in the X-API-TOKEN header (made on the tokens page)',
  403: 'missing roles',
  404: 'Role 12 not found',
  409: 'An accepted invitation cannot be resent',
  422: 'This Idempotency-Key was used in the last 24 hours for another request: send a new key for a new request',
  429: 'Rate limit exceeded, retry in 1 minute',
};

const DESCRIPTIONS: Record<number, string> = {
  400: 'The request is not valid; `detail` says which part',
  401: 'No API token, or an unknown one',
  403: "The token's reach does not cover this",
  404: 'No such thing',
  409: 'A conflict with the current state',
  422: 'The Idempotency-Key was used for another request',
  429: 'Too many calls with this token; wait as long as `Retry-After` says',
};

/** The error answers of a route, each `application/problem+json` with an example. */
export function problems(...statuses: number[]): Record<number, object> {
  const answers: Record<number, object> = {};
  for (const status of [...new Set([400, 401, 403, 429, ...statuses])].sort()) {
    answers[status] = {
      description: DESCRIPTIONS[status],
      content: {
        'application/problem+json': {
          schema: {
            ...problemSchema,
            examples: [
              {
                type: 'about:blank',
                title: TITLES[status],
                status,
                detail: PROBLEM_EXAMPLES[status],
              },
            ],
          },
        },
      },
    };
  }
  return answers;
}

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
};

/** The security requirement of every token route (the scheme is declared in the document). */
export const tokenSecurity = [{ apiToken: [] }];

/** The route config of an external route: it authenticates itself with X-API-TOKEN. */
export const externalRouteConfig = API_TOKEN_ROUTE;

/** A JSON answer with a description. */
export function answer(description: string, schema: object): object {
  return { description, content: { 'application/json': { schema } } };
}

/** The 204 of a delete. */
export const deleted = { description: 'Deleted', type: 'null' } as const;

/**
 * A membership as the external API answers it: the person, authority and dates, and its role named (id,
 * name, short name, urn) rather than whole: a page of ten memberships of one role repeated the same role
 * ten times, most of the answer (`GET roles/{id}` has the whole role).
 */
export const membershipSchema = {
  ...userRoleSchema,
  properties: {
    ...userRoleSchema.properties,
    role: {
      type: 'object',
      properties: {
        id: roleSchema.properties.id,
        name: roleSchema.properties.name,
        shortName: roleSchema.properties.shortName,
        urn: roleSchema.properties.urn,
      },
    },
  },
} as const;
