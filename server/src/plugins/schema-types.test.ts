import Fastify, {
  type FastifyRequest,
  type RawRequestDefaultExpression,
  type RawServerDefault,
  type RouteGenericInterface,
} from 'fastify';
import { decimalIds } from '../domain/ids.js';
import { idParams } from '../domain/schemas.js';
import { entity } from './permissions.js';
import type { SchemaTypedApp, SchemaTypes } from './schema-types.js';

/** An entity permission that reads `params.id`. */
const thingInPath = entity<{ id: number }, { id: number }, { Params: { id: number } }>({
  load: async (request) => ({ id: request.params.id }),
});

/** Compile-only: the request parts a route reads are the types its schemas make (never called). */
function typedFromSchemas(app: SchemaTypedApp): void {
  app.post(
    '/things/:id',
    {
      schema: {
        params: idParams,
        querystring: { type: 'object', properties: { force: { type: 'boolean' } } },
        body: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
      },
    },
    async (request) => {
      const id: number = request.params.id;
      const force: boolean | undefined = request.query.force;
      const name: string = request.body.name;
      // @ts-expect-error an id is handed over as its number, not its text
      const text: string = request.params.id;
      // @ts-expect-error the query string declares no `name`
      void request.query.name.length;
      return { id, force, name, text };
    },
  );
  // An entity permission whose request parts the route's schemas give.
  app.get(
    '/things/:id',
    { preHandler: [thingInPath.permit(() => true)], schema: { params: idParams } },
    async () => ({}),
  );
}
void typedFromSchemas;

/** Compile-only: a route whose params have no `id` does not take a permission that reads one. */
type ByNameRequest = FastifyRequest<
  RouteGenericInterface,
  RawServerDefault,
  RawRequestDefaultExpression,
  { params: { type: 'object'; properties: { name: { type: 'string' } } } },
  SchemaTypes
>;
type ByIdRequest = FastifyRequest<
  RouteGenericInterface,
  RawServerDefault,
  RawRequestDefaultExpression,
  { params: typeof idParams },
  SchemaTypes
>;
// @ts-expect-error the route's params have no `id` for thingInPath to read
const byName: (request: ByNameRequest) => Promise<void> = thingInPath.permit(() => true);
const byId: (request: ByIdRequest) => Promise<void> = thingInPath.permit(() => true);
void [byName, byId];

describe('request types from the schemas', () => {
  it('hands a route an id as the number its type says', async () => {
    const app = Fastify({ ajv: { plugins: [decimalIds] } }).withTypeProvider<SchemaTypes>();
    app.get('/ids/:id', { schema: { params: idParams } }, async (request) => ({
      id: request.params.id,
      type: typeof request.params.id,
    }));
    await app.ready();
    const answer = await app.inject({ url: '/ids/12' });
    expect(answer.json()).toEqual({ id: 12, type: 'number' });
    expect((await app.inject({ url: '/ids/012' })).statusCode).toBe(400);
    await app.close();
  });
});
