/**
 * The external API's reference page as plain HTML made from its OpenAPI document: every operation with its
 * authentication (and scopes), parameters, request body and answers, their schemas and examples. Made on
 * the server, with no script: Swagger UI failed axe (an unnamed select, 19 contrast failures, 15 nested
 * interactive controls, two `main`s, no viewport) and spoke English only (issue 55).
 */
import type { OpenAPIV3_1 } from 'openapi-types';
import type { Locale } from 'shared-auth/rules';
import { escapeHtml } from '../mail/format.js';

type Document = OpenAPIV3_1.Document;
type Schema = Record<string, unknown>;
type Operation = OpenAPIV3_1.OperationObject;

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
const PROBLEM = 'application/problem+json';

interface Texts {
  title: string;
  other: { language: Locale; label: string };
  contents: string;
  document: string;
  version: string;
  authentication: string;
  apiToken: (header: string) => string;
  basic: string;
  scopes: string;
  noAuthentication: string;
  parameters: string;
  in: Record<string, string>;
  required: string;
  requestBody: string;
  answers: string;
  headers: string;
  schema: string;
  example: string;
  errors: string;
  errorsIntro: string;
  errorShape: string;
  noBody: string;
  oneOf: string;
  arrayOf: (items: string) => string;
}

const TEXTS: Record<Locale, Texts> = {
  en: {
    title: 'Access portal external API',
    other: { language: 'nl', label: 'Nederlands' },
    contents: 'Contents',
    document: 'The OpenAPI document (JSON)',
    version: 'Version',
    authentication: 'Authentication',
    apiToken: (header) => `An API token in the ${header} header`,
    basic: 'A service account (HTTP basic authentication)',
    scopes: 'scope',
    noAuthentication: 'None',
    parameters: 'Parameters',
    in: { path: 'in the path', query: 'in the query', header: 'header', cookie: 'cookie' },
    required: 'required',
    requestBody: 'Request body',
    answers: 'Answers',
    headers: 'Headers',
    schema: 'Schema',
    example: 'Example',
    errors: 'Errors',
    errorsIntro: 'Every error answer has this body:',
    errorShape: 'the error body',
    noBody: 'No body',
    oneOf: 'one of',
    arrayOf: (items) => `array of ${items}`,
  },
  nl: {
    title: 'Externe API van het Toegangsportaal',
    other: { language: 'en', label: 'English' },
    contents: 'Inhoud',
    document: 'Het OpenAPI-document (JSON)',
    version: 'Versie',
    authentication: 'Authenticatie',
    apiToken: (header) => `Een API-token in de header ${header}`,
    basic: 'Een serviceaccount (HTTP basic authentication)',
    scopes: 'scope',
    noAuthentication: 'Geen',
    parameters: 'Parameters',
    in: { path: 'in het pad', query: 'in de query', header: 'header', cookie: 'cookie' },
    required: 'verplicht',
    requestBody: 'Body van het verzoek',
    answers: 'Antwoorden',
    headers: 'Headers',
    schema: 'Schema',
    example: 'Voorbeeld',
    errors: 'Fouten',
    errorsIntro: 'Elk foutantwoord heeft deze body:',
    errorShape: 'de foutbody',
    noBody: 'Geen body',
    oneOf: 'een van',
    arrayOf: (items) => `lijst van ${items}`,
  },
};

/** Text of the document (CommonMark's code spans and strong emphasis, paragraphs), escaped. */
function prose(text: unknown): string {
  if (typeof text !== 'string' || !text.trim()) return '';
  return text
    .split(/\n{2,}/)
    .map((paragraph) => {
      const html = escapeHtml(paragraph.trim())
        .replace(/`([^`]+)`/g, '<code>$1</code>')
        .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
        .replace(/\n/g, '<br>');
      return `<p>${html}</p>`;
    })
    .join('\n');
}

/** The schema a `$ref` points to in the document, or the schema itself. */
function resolve(document: Document, schema: unknown): Schema {
  let current = (schema ?? {}) as Schema;
  for (let hops = 0; typeof current.$ref === 'string' && hops < 10; hops++) {
    const path = current.$ref.replace(/^#\//, '').split('/');
    current = path.reduce<unknown>(
      (node, key) => (node as Record<string, unknown> | undefined)?.[key],
      document,
    ) as Schema;
    current ??= {};
  }
  return current;
}

/** A schema's type in a few words: `string (date-time)`, `array of integer`, `string, one of: a, b`. */
function typeLabel(document: Document, raw: unknown, t: Texts): string {
  const schema = resolve(document, raw);
  const alternatives = (schema.oneOf ?? schema.anyOf) as unknown[] | undefined;
  if (alternatives) return alternatives.map((s) => typeLabel(document, s, t)).join(' | ');
  const types = [schema.type].flat().filter((type): type is string => typeof type === 'string');
  let label = types.length > 0 ? types.join(' | ') : schema.properties ? 'object' : 'any';
  if (types.includes('array'))
    label = label.replace('array', t.arrayOf(typeLabel(document, schema.items, t)));
  if (typeof schema.format === 'string') label += ` (${schema.format})`;
  if (Array.isArray(schema.enum))
    label += `, ${t.oneOf}: ${schema.enum.map((value) => JSON.stringify(value)).join(', ')}`;
  if ('const' in schema) label += ` = ${JSON.stringify(schema.const)}`;
  return label;
}

const LIMITS = ['minLength', 'maxLength', 'minimum', 'maximum', 'minItems', 'maxItems', 'pattern', 'default'];

/** The schema's limits as `maxLength 255, pattern …`. */
function limits(schema: Schema): string {
  const parts = LIMITS.filter((key) => schema[key] !== undefined).map(
    (key) => `${key} ${typeof schema[key] === 'string' ? schema[key] : JSON.stringify(schema[key])}`,
  );
  return parts.length > 0 ? ` <span class="limits">(${escapeHtml(parts.join(', '))})</span>` : '';
}

/** The object whose properties a schema lists: itself, its items, or its alternatives'. */
function objectsOf(document: Document, raw: unknown): Schema[] {
  const schema = resolve(document, raw);
  if (schema.properties) return [schema];
  if (schema.items) return objectsOf(document, schema.items);
  const alternatives = (schema.oneOf ?? schema.anyOf ?? schema.allOf) as unknown[] | undefined;
  return alternatives ? alternatives.flatMap((s) => objectsOf(document, s)) : [];
}

/** A schema as nested lists of its properties (type, required, limits, description). */
function schemaHtml(document: Document, raw: unknown, t: Texts, depth = 0): string {
  if (depth > 8) return '';
  return objectsOf(document, raw)
    .map((object) => {
      const required = new Set((object.required as string[] | undefined) ?? []);
      const items = Object.entries((object.properties ?? {}) as Record<string, unknown>).map(
        ([name, value]) => {
          const property = resolve(document, value);
          const head = `<code>${escapeHtml(name)}</code> <span class="type">${escapeHtml(typeLabel(document, property, t))}</span>${
            required.has(name) ? ` <strong>${t.required}</strong>` : ''
          }${limits(property)}`;
          return `<li>${head}${prose(property.description)}${schemaHtml(document, property, t, depth + 1)}</li>`;
        },
      );
      return items.length > 0 ? `<ul class="schema">${items.join('')}</ul>` : '';
    })
    .join('');
}

/** The first example of a media type or of its schema. */
function exampleOf(document: Document, media: OpenAPIV3_1.MediaTypeObject | undefined): unknown {
  if (!media) return undefined;
  if (media.example !== undefined) return media.example;
  const first = Object.values(media.examples ?? {})[0] as { value?: unknown } | undefined;
  if (first?.value !== undefined) return first.value;
  const schema = resolve(document, media.schema);
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  return schema.example;
}

function exampleHtml(example: unknown, t: Texts): string {
  if (example === undefined) return '';
  const text = typeof example === 'string' ? example : JSON.stringify(example, null, 2);
  return `<details><summary>${t.example}</summary><pre><code>${escapeHtml(text)}</code></pre></details>`;
}

/** A body (request or answer): its media types, schema and example. */
function contentHtml(
  document: Document,
  content: Record<string, OpenAPIV3_1.MediaTypeObject> | undefined,
  t: Texts,
) {
  const entries = Object.entries(content ?? {});
  if (entries.length === 0) return `<p>${t.noBody}</p>`;
  return entries
    .map(([type, media]) => {
      if (type === PROBLEM) return `<p><code>${type}</code>: <a href="#errors">${t.errorShape}</a></p>`;
      const schema = schemaHtml(document, media.schema, t);
      return `<p><code>${escapeHtml(type)}</code>: <span class="type">${escapeHtml(typeLabel(document, media.schema, t))}</span></p>${
        schema ? `<details><summary>${t.schema}</summary>${schema}</details>` : ''
      }${exampleHtml(exampleOf(document, media), t)}`;
    })
    .join('');
}

function securityHtml(document: Document, operation: Operation, t: Texts): string {
  const requirements = operation.security ?? document.security ?? [];
  const schemes = document.components?.securitySchemes ?? {};
  const items = requirements.flatMap((requirement) =>
    Object.entries(requirement).map(([name, scopes]) => {
      const scheme = schemes[name] as OpenAPIV3_1.SecuritySchemeObject | undefined;
      const what =
        scheme?.type === 'apiKey' ? t.apiToken(scheme.name) : scheme?.type === 'http' ? t.basic : name;
      const scope =
        scopes.length > 0
          ? `; ${t.scopes}: ${scopes.map((s) => `<code>${escapeHtml(s)}</code>`).join(', ')}`
          : '';
      return `<li>${escapeHtml(what)}${scope}</li>`;
    }),
  );
  return `<h4>${t.authentication}</h4>${items.length > 0 ? `<ul>${items.join('')}</ul>` : `<p>${t.noAuthentication}</p>`}`;
}

function parametersHtml(document: Document, operation: Operation, t: Texts): string {
  const parameters = (operation.parameters ?? []) as OpenAPIV3_1.ParameterObject[];
  if (parameters.length === 0) return '';
  const items = parameters.map((parameter) => {
    const schema = resolve(document, parameter.schema);
    return `<li><code>${escapeHtml(parameter.name)}</code> <span class="where">${escapeHtml(t.in[parameter.in] ?? parameter.in)}</span>, <span class="type">${escapeHtml(typeLabel(document, schema, t))}</span>${
      parameter.required ? ` <strong>${t.required}</strong>` : ''
    }${limits(schema)}${prose(parameter.description ?? schema.description)}${
      parameter.example !== undefined
        ? `<p>${t.example}: <code>${escapeHtml(String(parameter.example))}</code></p>`
        : ''
    }</li>`;
  });
  return `<h4>${t.parameters}</h4><ul>${items.join('')}</ul>`;
}

function answersHtml(document: Document, operation: Operation, t: Texts): string {
  const answers = Object.entries(operation.responses ?? {}).map(([status, raw]) => {
    const answer = raw as OpenAPIV3_1.ResponseObject;
    const headers = Object.entries(answer.headers ?? {}).map(([name, header]) => {
      const value = header as OpenAPIV3_1.HeaderObject;
      return `<li><code>${escapeHtml(name)}</code>${prose(value.description)}</li>`;
    });
    return `<li><strong>${escapeHtml(status)}</strong> ${escapeHtml(answer.description ?? '').replace(/`([^`]+)`/g, '<code>$1</code>')}${
      headers.length > 0 ? `<p>${t.headers}:</p><ul>${headers.join('')}</ul>` : ''
    }${answer.content ? contentHtml(document, answer.content, t) : ''}</li>`;
  });
  return `<h4>${t.answers}</h4><ul class="answers">${answers.join('')}</ul>`;
}

function operationHtml(
  document: Document,
  method: string,
  path: string,
  operation: Operation,
  t: Texts,
): string {
  const id = escapeHtml(operation.operationId ?? `${method}-${path}`);
  const body = operation.requestBody as OpenAPIV3_1.RequestBodyObject | undefined;
  return `<article class="operation" id="${id}" aria-labelledby="${id}-title">
<h3 id="${id}-title"><span class="method ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>
${operation.summary ? `<p class="summary">${escapeHtml(operation.summary)}</p>` : ''}
${prose(operation.description)}
${securityHtml(document, operation, t)}
${parametersHtml(document, operation, t)}
${body ? `<h4>${t.requestBody}${body.required ? ` (${t.required})` : ''}</h4>${prose(body.description)}${contentHtml(document, body.content as Record<string, OpenAPIV3_1.MediaTypeObject>, t)}` : ''}
${answersHtml(document, operation, t)}
</article>`;
}

/** Every operation of the document, by tag in the document's order (untagged last). */
function operationsByTag(document: Document) {
  const tags = [...(document.tags ?? []).map((tag) => tag.name), ''];
  const all = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    METHODS.filter((method) => item?.[method]).map((method) => ({ method, path, operation: item![method]! })),
  );
  return tags
    .map((tag) => ({
      tag: (document.tags ?? []).find((t) => t.name === tag),
      operations: all.filter(({ operation }) =>
        tag ? operation.tags?.includes(tag) : !operation.tags?.length,
      ),
    }))
    .filter((group) => group.operations.length > 0);
}

/** The first problem+json schema of the document: the one shape of every error answer. */
function problemSchema(document: Document): unknown {
  for (const item of Object.values(document.paths ?? {}))
    for (const method of METHODS)
      for (const answer of Object.values(item?.[method]?.responses ?? {})) {
        const schema = (answer as OpenAPIV3_1.ResponseObject).content?.[PROBLEM]?.schema;
        if (schema) return schema;
      }
  return undefined;
}

const STYLE = `
*, *::before, *::after { box-sizing: border-box; }
body { margin: 0; font-family: system-ui, -apple-system, 'Segoe UI', sans-serif; line-height: 1.5; color: #1b1b1b; background: #fff; }
header, main { max-width: 60rem; margin: 0 auto; padding: 0 1rem; }
header { display: flex; justify-content: flex-end; padding-top: 0.5rem; }
a { color: #0a4fb4; overflow-wrap: anywhere; }
li, p { overflow-wrap: anywhere; }
code, pre { font-family: ui-monospace, 'SFMono-Regular', Menlo, monospace; font-size: 0.9em; overflow-wrap: anywhere; }
pre { background: #f3f4f6; padding: 0.75rem; white-space: pre-wrap; }
h1, h2, h3 { line-height: 1.25; overflow-wrap: anywhere; }
section.tag { border-top: 2px solid #d0d4da; margin-top: 2rem; }
article.operation { border: 1px solid #c4c9d0; border-radius: 6px; padding: 0 1rem 0.5rem; margin: 1rem 0; }
.method { display: inline-block; min-width: 4.5rem; padding: 0.1rem 0.4rem; border-radius: 4px; color: #fff; font-size: 0.85em; text-align: center; }
.method.get { background: #0a5a9c; } .method.post { background: #1d6b35; } .method.put { background: #7a4a00; }
.method.delete { background: #a4161a; } .method.patch { background: #4b3a8c; }
.summary { font-weight: 600; }
.type, .where, .limits { color: #3d4450; }
ul.schema { border-left: 2px solid #d0d4da; padding-left: 1rem; }
ul { padding-left: 1.25rem; }
details { margin: 0.25rem 0; }
summary { cursor: pointer; color: #0a4fb4; }
nav ul { columns: 16rem; }
`;

/** The reference page of `document`, in `language`; `documentUrl` is where its JSON is served. */
export function referencePage(document: Document, language: Locale, documentUrl: string): string {
  const t = TEXTS[language];
  const groups = operationsByTag(document);
  const contents = groups
    .map(
      ({ tag, operations }) =>
        `<li><a href="#tag-${escapeHtml(tag?.name ?? 'other')}">${escapeHtml(tag?.name ?? '—')}</a><ul>${operations
          .map(
            ({ method, path, operation }) =>
              `<li><a href="#${escapeHtml(operation.operationId ?? `${method}-${path}`)}">${method.toUpperCase()} ${escapeHtml(path)}</a></li>`,
          )
          .join('')}</ul></li>`,
    )
    .join('');
  const sections = groups
    .map(
      ({
        tag,
        operations,
      }) => `<section class="tag" aria-labelledby="tag-${escapeHtml(tag?.name ?? 'other')}">
<h2 id="tag-${escapeHtml(tag?.name ?? 'other')}">${escapeHtml(tag?.name ?? '—')}</h2>
${prose(tag?.description)}
${operations.map(({ method, path, operation }) => operationHtml(document, method, path, operation, t)).join('\n')}
</section>`,
    )
    .join('\n');
  const problem = problemSchema(document);
  return `<!DOCTYPE html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t.title}</title>
<style>${STYLE}</style>
</head>
<body>
<header><a href="?lang=${t.other.language}" lang="${t.other.language}" hreflang="${t.other.language}">${t.other.label}</a></header>
<main>
<h1>${t.title}</h1>
<p>${t.version} ${escapeHtml(document.info.version)} · <a href="${escapeHtml(documentUrl)}">${t.document}</a></p>
${prose(document.info.description)}
<nav aria-labelledby="contents"><h2 id="contents">${t.contents}</h2><ul>${contents}${
    problem ? `<li><a href="#errors">${t.errors}</a></li>` : ''
  }</ul></nav>
${sections}
${problem ? `<section class="tag" aria-labelledby="errors"><h2 id="errors">${t.errors}</h2><p>${t.errorsIntro} <code>${PROBLEM}</code></p>${schemaHtml(document, problem, t)}</section>` : ''}
</main>
</body>
</html>
`;
}
