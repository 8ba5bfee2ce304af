import { z } from 'zod';

type JsonSchema = {
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema | JsonSchema[];
  prefixItems?: JsonSchema[];
};

const cache = new WeakMap<z.ZodType, JsonSchema>();

/**
 * The keys of an answer that its documented schema does not name, where the document says none may
 * be there (`additionalProperties: false`, which zod writes for every plain z.object). zod's own
 * parse drops such keys silently, so the answer check asks this too: the document must not promise
 * less than the server sends.
 */
export function undocumentedKeys(schema: z.ZodType, value: unknown): string[] {
  let root = cache.get(schema);
  if (!root) {
    root = z.toJSONSchema(schema, { unrepresentable: 'any', cycles: 'ref', reused: 'inline' }) as JsonSchema;
    cache.set(schema, root);
  }
  const resolve = (s: JsonSchema): JsonSchema => {
    if (!s.$ref) return s;
    if (s.$ref === '#') return root;
    const name = s.$ref.replace(/^#\/\$defs\//, '');
    return root.$defs?.[name] ?? {};
  };
  const walk = (raw: JsonSchema, v: unknown, at: string): string[] => {
    const s = resolve(raw);
    const branches = s.anyOf ?? s.oneOf;
    if (branches) {
      const results = branches.map((b) => walk(b, v, at));
      return results.reduce((best, r) => (r.length < best.length ? r : best));
    }
    const found = (s.allOf ?? []).flatMap((b) => walk(b, v, at));
    if (Array.isArray(v)) {
      v.forEach((item, i) => {
        const itemSchema = s.prefixItems?.[i] ?? (Array.isArray(s.items) ? undefined : s.items);
        if (itemSchema) found.push(...walk(itemSchema, item, `${at}[${i}]`));
      });
    } else if (v !== null && typeof v === 'object' && (s.properties || s.additionalProperties !== undefined)) {
      for (const [key, inner] of Object.entries(v)) {
        const property = s.properties?.[key];
        if (property) found.push(...walk(property, inner, `${at}.${key}`));
        else if (s.additionalProperties === false) found.push(`${at}.${key}`);
        else if (typeof s.additionalProperties === 'object')
          found.push(...walk(s.additionalProperties, inner, `${at}.${key}`));
      }
    }
    return found;
  };
  return walk(root, value, '$');
}
