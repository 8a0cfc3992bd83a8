/**
 * The external API's reference page as plain HTML made from its OpenAPI document: every operation with its
 * authentication (and scopes), parameters, request body and answers, their schemas and examples. Made on
 * the server, with no script: Swagger UI failed axe (an unnamed select, contrast, nested interactive
 * controls, two `main`s, no viewport) and spoke English only (issue 55).
 */
import type { OpenAPIV3_1 } from 'openapi-types';
import type { Locale } from 'shared-auth/rules';
import { escapeHtml } from '../mail/format.js';
import {
  exampleHtml,
  exampleOf,
  limits,
  prose,
  resolve,
  schemaHtml,
  typeLabel,
} from './openapi-reference.schema.js';
import { STYLE, TEXTS, type Texts } from './openapi-reference.texts.js';

type Document = OpenAPIV3_1.Document;
type Operation = OpenAPIV3_1.OperationObject;

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
const PROBLEM = 'application/problem+json';

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
