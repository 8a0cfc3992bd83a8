/**
 * Examples in the API documents. The schemas carry them where they are written (`examples`, a JSON Schema
 * keyword: domain/schemas.ts and the routes); a schema without one of its own gets one composed from its
 * parts' (an object from every property's, an array from its items'), so a page of roles shows the role's
 * example without it being written twice. A part without an example leaves the whole without one: an
 * example is never made up from types alone (the openapi tests name the operations that lack one).
 */

type Schema = Record<string, unknown>;

/** The example of a schema: its own, else composed from its parts; undefined when some part has none. */
export function exampleOf(schema: unknown): unknown {
  if (!schema || typeof schema !== 'object') return undefined;
  const s = schema as Schema;
  if (Array.isArray(s.examples) && s.examples.length > 0) return s.examples[0];
  if ('const' in s) return s.const;
  if (Array.isArray(s.enum) && s.enum.length > 0) return s.enum[0];
  const types = [s.type].flat();
  if (types.includes('array')) {
    const item = exampleOf(s.items);
    return item === undefined ? undefined : [item];
  }
  if (types.includes('object') && s.properties && typeof s.properties === 'object') {
    const composed: Record<string, unknown> = {};
    for (const [name, property] of Object.entries(s.properties as Record<string, unknown>)) {
      const value = exampleOf(property);
      if (value === undefined) return undefined;
      composed[name] = value;
    }
    const required = Array.isArray(s.required) ? (s.required as string[]) : [];
    return required.every((name) => name in composed) ? composed : undefined;
  }
  if (types.length === 1 && types[0] === 'null') return null;
  return undefined;
}

/** `schema` with its example in `examples` (a copy), or as it is when it has none and none can be composed. */
export function withExample<T>(schema: T): T {
  if (!schema || typeof schema !== 'object') return schema;
  const s = schema as Schema;
  if (Array.isArray(s.examples) && s.examples.length > 0) return schema;
  const example = exampleOf(s);
  return example === undefined ? schema : ({ ...s, examples: [example] } as T);
}

/**
 * A route's schema with examples on its body and its success answers (both the plain JSON schemas and the
 * answers written as OpenAPI responses with `content`).
 */
export function withExamples(schema: Schema): Schema {
  const out: Schema = { ...schema };
  if (out.body) out.body = withExample(out.body);
  const response = out.response as Record<string, Schema> | undefined;
  if (response) {
    out.response = Object.fromEntries(
      Object.entries(response).map(([status, answer]) => {
        if (!status.startsWith('2')) return [status, answer];
        const content = answer.content as Record<string, { schema?: unknown }> | undefined;
        if (!content) return [status, withExample(answer)];
        const media = Object.fromEntries(
          Object.entries(content).map(([type, m]) => [type, { ...m, schema: withExample(m.schema) }]),
        );
        return [status, { ...answer, content: media }];
      }),
    );
  }
  return out;
}
