/**
 * Ids at the edge: one schema for every id a request carries (path, query string, body), read strictly
 * as a decimal integer and handed to the route as a number.
 *
 * With Ajv's type coercion an `integer` schema took `0x10` (16), `0b11` (3), `+1`, `1e3`, ` 1`, and
 * `Infinity` or `1e309` (where no maximum refused them), and a number past 2^53 lost its last digits on
 * the way to a bigint column (or overflowed it: a 500). So an id is validated as text and converted only
 * after that, by the `decimalId` keyword (registered on the app's Ajv by `decimalIds`).
 */
import type { FastifyServerOptions } from 'fastify';

/** An Ajv plugin as Fastify's validator compiler takes it (Ajv 8's own types, through Fastify's). */
type AjvPlugin = Exclude<
  NonNullable<NonNullable<FastifyServerOptions['ajv']>['plugins']>[number],
  readonly unknown[]
>;

/**
 * 1 to 15 digits, no leading zero: every such number is exact in JavaScript (below 2^53) and fits a
 * PostgreSQL bigint, and no sequence of ours gets near it.
 */
export const ID_PATTERN = '^[1-9][0-9]{0,14}$';
const ID_REGEX = new RegExp(ID_PATTERN);

/**
 * The schema of an id. A JSON number in a body is coerced to its text first, so `5` passes and `1e21`
 * or `1.5` do not. After validation the value is the number.
 */
export const idSchema = { type: 'string', pattern: ID_PATTERN, decimalId: true, examples: ['12'] } as const;

/**
 * The Ajv plugin of the `decimalId` keyword: a string the pattern accepted becomes its number in place
 * (Ajv runs a custom keyword after `pattern`; the test here keeps it strict even if it did not).
 */
export const decimalIds: AjvPlugin = (ajv) =>
  ajv.addKeyword({
    keyword: 'decimalId',
    type: 'string',
    schemaType: 'boolean',
    modifying: true,
    validate: (enabled: boolean, data: string, _schema, cxt) => {
      if (!enabled) return true;
      if (!ID_REGEX.test(data)) return false;
      if (cxt?.parentData !== undefined) cxt.parentData[cxt.parentDataProperty] = Number(data);
      return true;
    },
  });
