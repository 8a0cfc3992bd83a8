/** GET /api/v1/user_roles/consequences/{roleId}: who loses access when a role is deleted (spec §2 Role form). */
import { allowedToEditRole } from 'shared-auth/rules';
import { userInfoSchema } from '../domain/schemas.js';
import { toUserRole } from '../stores/user-role.rows.js';
import { membersOfRole } from '../stores/user-roles.store.js';
import { roleIdInPath as roleInPath } from './role-entities.js';
import { roleIdParam } from './user-roles.js';
import type { SchemaTypedApp } from '../plugins/schema-types.js';

export default async function userRoleConsequenceRoutes(app: SchemaTypedApp): Promise<void> {
  const preHandler = roleInPath.permit(allowedToEditRole);
  const schema = {
    params: { type: 'object', required: ['roleId'], properties: { roleId: roleIdParam } },
    response: {
      200: {
        type: 'array',
        items: {
          type: 'object',
          properties: { userInfo: userInfoSchema, authority: { type: 'string', examples: ['GUEST'] } },
        },
      },
    },
  } as const;
  const consequencesHandler = async (request: object) => {
    const role = roleInPath.of(request);
    return (await membersOfRole(app.db, role.id)).map((row) => {
      const { userInfo, authority } = toUserRole(row, role);
      return { userInfo, authority };
    });
  };
  app.get(
    '/api/v1/user_roles/consequences/:roleId',
    { preHandler: [preHandler], schema },
    consequencesHandler,
  );
  // The console calls it with a double slash (spec §7).
  app.get(
    '/api/v1/user_roles//consequences/:roleId',
    // Its own operation id: the one made from the path (openapi.ts) would be the route's above.
    {
      preHandler: [preHandler],
      schema: { ...schema, operationId: 'getUserRolesConsequencesByRoleIdDoubleSlash' },
    },
    consequencesHandler,
  );
}
