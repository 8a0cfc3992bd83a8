/**
 * The external API's reference page, `/api/external/v1/docs`: Swagger UI (the files @fastify/swagger-ui
 * ships) over `/api/external/v1/openapi.json`. Served by routes of our own rather than by
 * @fastify/swagger-ui's plugin: that plugin serves its files through an @fastify/static route that cannot
 * declare a permission, and the permissions plugin refuses every `/api/` route without one.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { EXTERNAL_API_PREFIX } from './external-token.js';
import { anyone } from './permissions.js';

const UI_FILES: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'index.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'application/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'application/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

const DOCS_PAGE = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<title>Access portal external API</title>
<link rel="stylesheet" href="${EXTERNAL_API_PREFIX}/docs/swagger-ui.css">
<link rel="stylesheet" href="${EXTERNAL_API_PREFIX}/docs/index.css">
<link rel="icon" type="image/png" href="${EXTERNAL_API_PREFIX}/docs/favicon-32x32.png">
</head>
<body>
<main id="swagger-ui"></main>
<script src="${EXTERNAL_API_PREFIX}/docs/swagger-ui-bundle.js"></script>
<script src="${EXTERNAL_API_PREFIX}/docs/swagger-ui-standalone-preset.js"></script>
<script src="${EXTERNAL_API_PREFIX}/docs/initializer.js"></script>
</body>
</html>
`;

// A file of its own: the security headers' CSP allows no inline script.
const INITIALIZER = `window.onload = function () {
  window.ui = SwaggerUIBundle({
    url: '${EXTERNAL_API_PREFIX}/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
    layout: 'BaseLayout',
    validatorUrl: null,
    persistAuthorization: false,
  });
};
`;

export default async function docsPage(app: FastifyInstance): Promise<void> {
  const uiDir = path.join(
    path.dirname(createRequire(import.meta.url).resolve('@fastify/swagger-ui/package.json')),
    'static',
  );

  app.get(
    `${EXTERNAL_API_PREFIX}/docs`,
    { preHandler: anyone, schema: { hide: true } },
    async (_request, reply) => reply.type('text/html; charset=utf-8').send(DOCS_PAGE),
  );

  app.get<{ Params: { file: string } }>(
    `${EXTERNAL_API_PREFIX}/docs/:file`,
    {
      preHandler: anyone,
      schema: {
        hide: true,
        params: {
          type: 'object',
          required: ['file'],
          properties: { file: { type: 'string', enum: [...Object.keys(UI_FILES), 'initializer.js'] } },
        },
      },
    },
    async (request, reply) => {
      const { file } = request.params;
      reply.header('cache-control', 'public, max-age=3600');
      if (file === 'initializer.js')
        return reply.type('application/javascript; charset=utf-8').send(INITIALIZER);
      return reply.type(UI_FILES[file]).send(await readFile(path.join(uiDir, file)));
    },
  );
}
