/**
 * The console document's own parts (`/api/v1/openapi.json`): its paths with the error body named once and
 * the impersonation header on every operation, and examples given by route where a route's file is not
 * ours to change at the moment.
 */
import type { OpenAPIV3_1 } from 'openapi-types';

type Document = OpenAPIV3_1.Document;

type Operation = { responses?: Record<string, Record<string, unknown>>; parameters?: unknown[] };
type Media = { schema?: { examples?: unknown[] } };

/** The header a super user sends to act as someone else (plugins/auth.ts), on every console call. */
const IMPERSONATE_HEADER = {
  in: 'header',
  name: 'X-IMPERSONATE-ID',
  required: false,
  description:
    "A super user acting as another user: that user's id. The call is then judged as theirs (and audited); anyone else is refused",
  schema: { type: 'string', pattern: '^\\d{1,15}$' },
  example: '5',
};

/**
 * The console's paths with every error answer's body schema named once (`ConsoleError`) and its example
 * on the answer (the same schema written out in each of some 300 error answers tripled the document), and
 * the impersonation header on every operation.
 */
export function consolePaths(paths: Document['paths']): Document['paths'] {
  const ref = { $ref: '#/components/schemas/ConsoleError' };
  return Object.fromEntries(
    Object.entries(paths ?? {}).map(([path, item]) => [
      path,
      Object.fromEntries(
        Object.entries(item as Record<string, Operation>).map(([method, op]) => {
          const responses = Object.fromEntries(
            Object.entries(op.responses ?? {}).map(([status, answer]) => {
              const media = (answer.content as Record<string, Media> | undefined)?.['application/json'];
              if (Number(status) < 400 || !media?.schema) return [status, answer];
              const example = media.schema.examples?.[0];
              return [status, { ...answer, content: { 'application/json': { schema: ref, example } } }];
            }),
          );
          const parameters = [...(op.parameters ?? []), IMPERSONATE_HEADER];
          return [method, { ...op, parameters, responses }];
        }),
      ),
    ]),
  ) as Document['paths'];
}

/**
 * Examples of answers whose routes live in files another change owns at the moment (the CSRF plugin):
 * given here, by route, until they can sit in the route's own schema.
 */
const OUTSIDE_EXAMPLES: Record<string, Record<number, unknown>> = {
  'GET /api/v1/csrf': { 200: { token: 'GWpAgLYUoTVXx9WHrAJkf6SURw3m66Rn' } },
};

export function withOutsideExamples(
  schema: Record<string, unknown>,
  url: string,
  method: string | string[],
): Record<string, unknown> {
  const examples = OUTSIDE_EXAMPLES[`${[method].flat()[0]} ${url}`];
  const response = schema.response as Record<string, object> | undefined;
  if (!examples || !response) return schema;
  return {
    ...schema,
    response: Object.fromEntries(
      Object.entries(response).map(([status, answer]) => [
        status,
        examples[Number(status)] === undefined ? answer : { ...answer, examples: [examples[Number(status)]] },
      ]),
    ),
  };
}
