/**
 * The error answers of a console route (`/api/v1`) in its API document, derived from what the route
 * declares rather than written per route: its permission preHandlers name their refusals (401, 403, 404;
 * plugins/permissions.ts), its schema parts make a 400, a write needs X-CSRF-TOKEN (403) and may be refused
 * its body (413, 415), a call carrying an API token is refused (403), a logged-in call may carry
 * X-IMPERSONATE-ID (400, 403, 404), and every call reads its
 * session from the database (503). What only the handler or a use case refuses with, the route names in its
 * config (`errors`: status -> the messages the code sends). Only the document is derived here: the answers
 * themselves come from errors.ts, whatever this says.
 */
import { RETRY_AFTER_SECONDS } from '../db/outage.js';
import { statusText } from '../errors.js';
import { callWrites, CSRF_REFUSAL } from './csrf.js';
import { refusalsOf } from './permissions.js';
import { TOKEN_ON_CONSOLE_ROUTE } from './token-reach.js';

/** The console's error body (plugins/error-handler.ts `sendError`): `{ status, error, message }`, plus a reference on a 5xx. */
export const consoleErrorSchema = {
  type: 'object',
  required: ['status', 'error', 'message'],
  properties: {
    status: { type: 'integer', description: 'The HTTP status' },
    error: { type: 'string', description: 'The status in words' },
    message: { type: 'string', description: 'What went wrong, in words a person can act on' },
    reference: {
      type: 'integer',
      description: 'On a 5xx: the number to quote to support (the log has the details under it)',
    },
  },
} as const;

/** What a status means for the caller, before the reasons the route itself may give. */
const LEAD: Record<number, string> = {
  400: 'The request is not valid; `message` names the field and what is wrong with it',
  401: 'Not logged in: log in (`GET /api/v1/users/login`) and call again',
  403: 'Refused',
  404: 'Not found',
  409: 'The current state does not allow this',
  412: 'A condition of the invitation is not met',
  413: 'The body is larger than this call takes',
  415: 'The body is not JSON: send it with `Content-Type: application/json`',
  422: 'The request cannot be processed',
  429: 'Too many calls: wait as long as `Retry-After` says',
  503: 'The database cannot be reached: try again after the seconds `Retry-After` says',
};

/** Fastify's own limit, which app.ts leaves as it is; a route may set a smaller one. */
const DEFAULT_BODY_LIMIT = 1024 * 1024;
const REFERENCE = 123456789;

/** The parts of a route that `consoleErrors` reads (a Fastify route's options as @fastify/swagger keeps them). */
export interface DocumentedRoute {
  method: string | string[];
  preHandler?: unknown;
  bodyLimit?: number;
  config?: { errors?: Readonly<Record<number, string | readonly string[]>>; writes?: boolean };
}

type Schema = Record<string, unknown>;

/** Ajv's words for a first thing a request part's schema refuses, as errors.ts formats a 400. */
function validationExample(schema: Schema): string | null {
  for (const part of ['params', 'querystring', 'body', 'headers'] as const) {
    const partSchema = schema[part] as Schema | undefined;
    if (!partSchema) continue;
    const required = (partSchema.required as string[] | undefined) ?? [];
    if (part === 'body' && required.length > 0) return `body must have required property '${required[0]}'`;
    const [name, property] = Object.entries((partSchema.properties as Record<string, Schema>) ?? {})[0] ?? [];
    if (!name || !property) return `${part} must be object`;
    const where = `${part}.${name}`;
    if (typeof property.pattern === 'string') return `${where} must match pattern "${property.pattern}"`;
    if (Array.isArray(property.enum)) return `${where} must be equal to one of the allowed values`;
    if (typeof property.type === 'string' && property.type !== 'string') {
      return `${where} must be ${property.type}`;
    }
    if (typeof property.maxLength === 'number') {
      return `${where} must NOT have more than ${property.maxLength} characters`;
    }
    return `${where} must be string`;
  }
  return null;
}

/** What the X-IMPERSONATE-ID header (a super user acting as someone else) is refused with, on any call. */
const IMPERSONATION: Record<number, string> = {
  400: 'X-IMPERSONATE-ID must be a user id',
  403: 'Only a super user may impersonate',
  404: 'User 12 not found',
};

/** The reasons of one status, and the message of its example. */
interface Found {
  reasons: string[];
  example: string | undefined;
}

/**
 * One error answer: its description (the lead, every reason, then what X-IMPERSONATE-ID may add), the
 * console's error body with an example.
 */
function errorAnswer(status: number, { reasons, example }: Found): object {
  const listed = [...new Set(reasons)];
  const quoted = listed.map((r) => `"${r}"`).join('; or ');
  const separator = status === 503 ? '. Also' : '';
  const own = listed.length > 0 ? `${LEAD[status]}${separator}: ${quoted}` : LEAD[status];
  const impersonation = IMPERSONATION[status];
  const description = impersonation ? `${own}. With X-IMPERSONATE-ID: "${impersonation}"` : own;
  return {
    description,
    ...(status === 503
      ? {
          headers: {
            'retry-after': {
              type: 'integer',
              description: `When the database is down: the seconds to wait (${RETRY_AFTER_SECONDS})`,
            },
          },
        }
      : {}),
    content: {
      'application/json': {
        schema: {
          ...consoleErrorSchema,
          examples: [
            {
              status,
              error: statusText(status),
              message: example ?? reasons[0] ?? impersonation ?? LEAD[status],
              ...(status >= 500 ? { reference: REFERENCE } : {}),
            },
          ],
        },
      },
    },
  };
}

/**
 * The error answers of a console route, by status, in @fastify/swagger's response form (each with its
 * description and content), for the document only.
 */
export function consoleErrors(route: DocumentedRoute, schema: Schema): Record<string, object> {
  const found = new Map<number, Found>();
  const add = (status: number, reasons: string[], example?: string) => {
    const known = found.get(status) ?? { reasons: [], example: undefined };
    known.reasons.push(...reasons);
    known.example ??= example;
    found.set(status, known);
  };

  const invalid = validationExample(schema);
  if (invalid) add(400, [], invalid);
  for (const refusal of refusalsOf(route.preHandler)) add(refusal.status, [refusal.reason]);
  if (callWrites(route.method, route.config)) add(403, [CSRF_REFUSAL]);
  // An API token is for the external API: any console call carrying one is refused (plugins/token-reach.ts).
  add(403, [TOKEN_ON_CONSOLE_ROUTE]);
  if (schema.body) {
    const limit = route.bodyLimit ?? DEFAULT_BODY_LIMIT;
    add(413, [`at most ${limit / 1024} KiB`], 'Request body is too large');
    add(415, [], 'Unsupported Media Type');
  }
  for (const [status, messages] of Object.entries(route.config?.errors ?? {})) {
    add(Number(status), [messages].flat());
  }
  // Any call of a logged-in user may carry X-IMPERSONATE-ID (plugins/auth.ts judges it before the route).
  for (const status of Object.keys(IMPERSONATION)) add(Number(status), []);
  // The session (and with it the user and their rights) is read from the database on every call.
  add(503, [], `The database cannot be reached; try again in a few seconds; reference ${REFERENCE}`);

  const answers: Record<string, object> = {};
  for (const status of [...found.keys()].sort((a, b) => a - b)) {
    answers[String(status)] = errorAnswer(status, found.get(status)!);
  }
  return answers;
}
