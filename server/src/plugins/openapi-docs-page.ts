/**
 * The external API's reference page, `/api/external/v1/docs`: the OpenAPI document as plain HTML
 * (openapi-reference.page.ts) in the reader's language (`?lang=`, the console's `lang` cookie, then the
 * browser's). The document is fixed once the routes are: each language's page is made at its first request.
 */
import type { OpenAPIV3_1 } from 'openapi-types';
import { resolveLanguage, type Locale } from 'shared-auth/rules';
import { EXTERNAL_API_PREFIX } from './external-token.js';
import { anyone } from './permissions.js';
import { referencePage } from './openapi-reference.page.js';
import type { SchemaTypedApp } from './schema-types.js';

export interface DocsPageOptions {
  /** The external API's OpenAPI document. */
  document: () => OpenAPIV3_1.Document;
}

export default async function docsPage(app: SchemaTypedApp, options: DocsPageOptions): Promise<void> {
  const pages = new Map<Locale, string>();

  app.get(
    `${EXTERNAL_API_PREFIX}/docs`,
    {
      preHandler: anyone,
      schema: {
        hide: true,
        querystring: {
          type: 'object',
          properties: { lang: { type: 'string', maxLength: 16 } },
        },
      },
    },
    async (request, reply) => {
      const language = resolveLanguage({
        query: request.query.lang ?? null,
        cookie: request.headers.cookie ?? null,
        browser: request.headers['accept-language'] ?? null,
      });
      let page = pages.get(language);
      if (page === undefined) {
        page = referencePage(options.document(), language, `${EXTERNAL_API_PREFIX}/openapi.json`);
        pages.set(language, page);
      }
      return reply
        .type('text/html; charset=utf-8')
        .header('content-language', language)
        .header('vary', 'Accept-Language, Cookie')
        .send(page);
    },
  );
}
