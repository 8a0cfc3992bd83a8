import type { FastifyInstance } from 'fastify';
import type { OpenAPIV3_1 } from 'openapi-types';
import { buildTestApp } from '../test/helper.js';

const DOCS = '/api/external/v1/docs';

/** The page's text with its tags taken out and its entities read, spaces collapsed. */
function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

describe('the external API reference page', () => {
  let app: FastifyInstance;
  let document: OpenAPIV3_1.Document;
  beforeAll(async () => {
    app = await buildTestApp();
    document = (await app.inject({ method: 'GET', url: '/api/external/v1/openapi.json' })).json();
  });
  afterAll(async () => {
    await app.close();
  });

  it('shows every operation with its authentication and scopes, parameters, request body and answers', async () => {
    const page = await app.inject({ method: 'GET', url: DOCS });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = page.body;
    const text = textOf(html);
    let operations = 0;
    for (const [path, item] of Object.entries(document.paths ?? {})) {
      for (const method of ['get', 'put', 'post', 'delete'] as const) {
        const operation = item?.[method];
        if (!operation) continue;
        operations++;
        const id = operation.operationId!;
        expect([id, html.includes(`<article class="operation" id="${id}"`)]).toEqual([id, true]);
        const article = html.slice(
          html.indexOf(`id="${id}"`),
          html.indexOf('</article>', html.indexOf(`id="${id}"`)),
        );
        const inArticle = textOf(article);
        expect(inArticle).toContain(`${method.toUpperCase()} ${path}`);
        if (operation.summary) expect(inArticle).toContain(operation.summary);
        for (const requirement of operation.security ?? []) {
          for (const [scheme, scopes] of Object.entries(requirement)) {
            expect(inArticle).toContain(
              scheme === 'apiToken' ? 'An API token in the X-API-TOKEN header' : 'A service account',
            );
            for (const scope of scopes)
              expect([id, inArticle]).toEqual([id, expect.stringContaining(`scope: ${scope}`)]);
          }
        }
        for (const parameter of (operation.parameters ?? []) as OpenAPIV3_1.ParameterObject[]) {
          expect([id, inArticle]).toEqual([id, expect.stringContaining(parameter.name)]);
        }
        const body = operation.requestBody as OpenAPIV3_1.RequestBodyObject | undefined;
        if (body) {
          expect(inArticle).toContain('Request body');
          const schema = body.content['application/json']?.schema as { properties?: Record<string, unknown> };
          for (const property of Object.keys(schema?.properties ?? {}))
            expect([id, inArticle]).toEqual([id, expect.stringContaining(property)]);
        }
        for (const [status, answer] of Object.entries(operation.responses ?? {})) {
          const description = (answer as OpenAPIV3_1.ResponseObject).description.replace(/`/g, '');
          expect([id, inArticle]).toEqual([id, expect.stringContaining(`${status} ${description}`)]);
        }
      }
    }
    expect(operations).toBeGreaterThan(25);
    // The error body, once, with its fields; the authentication notes of the document's description.
    expect(text).toContain('Every error answer has this body: application/problem+json');
    expect(text).toContain('detail string required');
    expect(text).toContain('Idempotency-Key');
  });

  it('is one page with one main, a viewport for phones, a language and no script', async () => {
    const html = (await app.inject({ method: 'GET', url: DOCS })).body;
    expect(html.match(/<main[ >]/g)).toHaveLength(1);
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toContain('<html lang="en">');
    expect(html).not.toMatch(/<script|<select/);
    // No control inside another (axe nested-interactive): a summary holds only its words.
    expect(html).not.toMatch(/<summary>[^<]*<(a|button|input)/);
  });

  it('speaks Dutch by choice (?lang=nl), by the console cookie and by the browser', async () => {
    for (const request of [
      { url: `${DOCS}?lang=nl` },
      { url: DOCS, headers: { cookie: 'lang=nl' } },
      { url: DOCS, headers: { 'accept-language': 'nl-NL,nl;q=0.9' } },
    ]) {
      const page = await app.inject({ method: 'GET', ...request });
      expect(page.headers['content-language']).toBe('nl');
      expect(page.body).toContain('<html lang="nl">');
      expect(page.body).toContain('<h1>Externe API van het Toegangsportaal</h1>');
      expect(textOf(page.body)).toContain('Een API-token in de header X-API-TOKEN');
      expect(textOf(page.body)).toContain('Antwoorden');
    }
    const english = await app.inject({
      method: 'GET',
      url: `${DOCS}?lang=en`,
      headers: { cookie: 'lang=nl' },
    });
    expect(english.body).toContain('<html lang="en">');
    // A language the console does not speak is English, never an error.
    expect((await app.inject({ method: 'GET', url: `${DOCS}?lang=de` })).body).toContain('<html lang="en">');
  });
});
