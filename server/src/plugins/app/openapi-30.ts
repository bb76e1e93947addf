/**
 * The route schemas are JSON Schema draft-07 (what Fastify's Ajv validates); the served document declares OpenAPI
 * 3.0.3, whose Schema Object is an older subset. Two draft-07 forms the routes use have no 3.0 spelling and made
 * strict validators and client generators refuse the whole document:
 *   - numeric `exclusiveMinimum`/`exclusiveMaximum` (3.0: a boolean beside `minimum`/`maximum`);
 *   - tuple `items: [a, b]` (3.0: one schema; a tuple of equal items is that schema with minItems = maxItems).
 * This rewrites the document only; requests are still validated against the draft-07 schemas.
 */
type Json = { [key: string]: unknown };

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function rewriteSchema(node: Json): Json {
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) out[key] = rewrite(value);
  for (const [exclusive, bound] of [['exclusiveMinimum', 'minimum'], ['exclusiveMaximum', 'maximum']] as const) {
    if (typeof out[exclusive] === 'number') {
      const limit = out[exclusive] as number;
      // draft-07 allows both keywords at once; the tighter one wins, and only it can be spelt in 3.0.
      if (typeof out[bound] === 'number' && (bound === 'minimum' ? (out[bound] as number) > limit : (out[bound] as number) < limit)) {
        delete out[exclusive];
      } else {
        out[bound] = limit;
        out[exclusive] = true;
      }
    }
  }
  if (Array.isArray(out.items)) {
    const items = out.items as Json[];
    const first = JSON.stringify(items[0] ?? {});
    out.items = items.every((item) => JSON.stringify(item) === first) ? (items[0] ?? {}) : { anyOf: items };
    if (out.additionalItems === false) {
      out.minItems = Math.max(Number(out.minItems ?? 0), 0);
      out.maxItems = Math.min(Number(out.maxItems ?? items.length), items.length);
    }
    delete out.additionalItems;
  }
  return out;
}

function rewrite(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewrite);
  if (isObject(value)) return rewriteSchema(value);
  return value;
}

/** The document with every schema spelt as OpenAPI 3.0.3 allows (pure; used as @fastify/swagger's transformObject). */
export function toOpenApi30<T>(document: T): T {
  return rewrite(document) as T;
}
