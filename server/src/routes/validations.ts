/** /api/v1/validations/validate: the form checks of spec §5 as the server applies them. */
import { isValidEmail, isValidUrl } from '../domain/validation.js';
import { loggedIn } from '../plugins/permissions.js';
import type { SchemaTypedApp } from '../plugins/schema-types.js';

export default async function validationRoutes(app: SchemaTypedApp): Promise<void> {
  app.post(
    '/api/v1/validations/validate',
    {
      preHandler: loggedIn,
      schema: {
        body: {
          type: 'object',
          required: ['type', 'value'],
          properties: {
            type: { type: 'string', enum: ['url', 'email'] },
            value: { type: 'string', maxLength: 4096 },
          },
          examples: [{ type: 'email', value: 'jane@example.org' }],
        },
        response: {
          200: {
            type: 'object',
            required: ['valid'],
            properties: { valid: { type: 'boolean', examples: [true] } },
          },
        },
      },
    },
    async (request) => {
      const { type, value } = request.body;
      return { valid: type === 'url' ? isValidUrl(value.trim()) : isValidEmail(value.trim()) };
    },
  );
}
