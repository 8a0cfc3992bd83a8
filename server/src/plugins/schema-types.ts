/**
 * Request types from the route schemas: a route module takes a `SchemaTypedApp`, whose type provider
 * types each route's params, query string, body and headers from the very JSON schemas (`as const`) that
 * validate them (json-schema-to-ts), so a handler reads `request.params.id` as the schema makes it,
 * without a cast or a hand-written copy of the schema as a type. Answers stay untyped by their schemas
 * (fast-json-stringify sends what the response schema lists).
 */
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyTypeProvider,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { FromSchema, JSONSchema } from 'json-schema-to-ts';

/** An id (domain/ids.ts) is validated as decimal text and handed to the route as its number. */
interface SchemaOptions {
  deserialize: [{ pattern: { decimalId: true }; output: number }];
}

/** The value a request part has once `schema` validated it (for helpers that take a part). */
export type SchemaType<S extends JSONSchema> = FromSchema<S, SchemaOptions>;

/** The type provider: request parts from their schemas, answers as the handler makes them. */
export interface SchemaTypes extends FastifyTypeProvider {
  validator: this['schema'] extends JSONSchema ? SchemaType<this['schema']> : unknown;
  serializer: unknown;
}

/** The app as a route module sees it. */
export type SchemaTypedApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  SchemaTypes
>;
