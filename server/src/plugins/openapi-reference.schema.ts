/** How the API reference page (openapi-reference.page.ts) shows the document's words, schemas and examples. */
import type { OpenAPIV3_1 } from 'openapi-types';
import { escapeHtml } from '../mail/format.js';
import type { Texts } from './openapi-reference.texts.js';

type Document = OpenAPIV3_1.Document;
type Schema = Record<string, unknown>;

/** Text of the document (CommonMark's code spans and strong emphasis, paragraphs), escaped. */
export function prose(text: unknown): string {
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
export function resolve(document: Document, schema: unknown): Schema {
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
export function typeLabel(document: Document, raw: unknown, t: Texts): string {
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
export function limits(schema: Schema): string {
  const parts = LIMITS.filter((key) => schema[key] !== undefined).map(
    (key) => `${key} ${typeof schema[key] === 'string' ? schema[key] : JSON.stringify(schema[key])}`,
  );
  return parts.length > 0 ? ` <span class="limits">(${escapeHtml(parts.join(', '))})</span>` : '';
}

/** The object whose properties a schema lists: itself, its items, or its alternatives'. */
export function objectsOf(document: Document, raw: unknown): Schema[] {
  const schema = resolve(document, raw);
  if (schema.properties) return [schema];
  if (schema.items) return objectsOf(document, schema.items);
  const alternatives = (schema.oneOf ?? schema.anyOf ?? schema.allOf) as unknown[] | undefined;
  return alternatives ? alternatives.flatMap((s) => objectsOf(document, s)) : [];
}

/** A schema as nested lists of its properties (type, required, limits, description). */
export function schemaHtml(document: Document, raw: unknown, t: Texts, depth = 0): string {
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
export function exampleOf(document: Document, media: OpenAPIV3_1.MediaTypeObject | undefined): unknown {
  if (!media) return undefined;
  if (media.example !== undefined) return media.example;
  const first = Object.values(media.examples ?? {})[0] as { value?: unknown } | undefined;
  if (first?.value !== undefined) return first.value;
  const schema = resolve(document, media.schema);
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  return schema.example;
}

/** An example, shown when asked for (a details element). */
export function exampleHtml(example: unknown, t: Texts): string {
  if (example === undefined) return '';
  const text = typeof example === 'string' ? example : JSON.stringify(example, null, 2);
  return `<details><summary>${t.example}</summary><pre><code>${escapeHtml(text)}</code></pre></details>`;
}
