import fc from 'fast-check';

/** The part of JSON Schema (2020-12, as z.toJSONSchema writes it) that the generator reads. */
export interface JsonSchema {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
}

const MAX_DEPTH = 6;
/** Long enough to cross every length limit the schemas set (the longest is a few thousand characters). */
const LONG_STRING = 12_000;

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? Math.max(min, 64);
  const bounded = fc.string({ minLength: min, maxLength: Math.min(max, min + 200) });
  const shaped: fc.Arbitrary<string>[] = [bounded];
  if (schema.format === 'email') shaped.push(fc.emailAddress());
  if (schema.format === 'uuid') shaped.push(fc.uuid());
  if (schema.format === 'date-time') shaped.push(fc.date({ noInvalidDate: true }).map((d) => d.toISOString()));
  if (schema.format === 'date') shaped.push(fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)));
  if (schema.format === 'uri') shaped.push(fc.webUrl());
  if (schema.pattern) {
    try {
      shaped.push(fc.stringMatching(new RegExp(schema.pattern)));
    } catch {
      // A pattern fast-check cannot generate from (lookarounds): the bounded strings stand in.
    }
  }
  return fc.oneof(...shaped);
}

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min =
    schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + (integer ? 1 : 1e-6) : -1e9);
  const max =
    schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - (integer ? 1 : 1e-6) : 1e9);
  if (integer)
    return fc.integer({
      min: Math.ceil(Math.max(min, Number.MIN_SAFE_INTEGER)),
      max: Math.floor(Math.min(max, Number.MAX_SAFE_INTEGER)),
    });
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/**
 * Values shaped like `schema` (types, enums, required keys, lengths, formats and, where fast-check can,
 * patterns): most pass the route's validation, so the property test reaches the code behind it, not
 * only the 400. Refinements the JSON Schema cannot state (checksums, cross-field rules) may still fail.
 */
export function arbitraryFromJsonSchema(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (depth > MAX_DEPTH) return fc.constant(null);
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union?.length) return fc.oneof(...union.map((s) => arbitraryFromJsonSchema(s, depth + 1)));
  if (schema.allOf?.length) return arbitraryFromJsonSchema(Object.assign({}, ...schema.allOf) as JsonSchema, depth + 1);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length > 1)
    return fc.oneof(...types.map((type) => arbitraryFromJsonSchema({ ...schema, type }, depth + 1)));
  switch (types[0]) {
    case 'string':
      return stringArbitrary(schema);
    case 'integer':
      return numberArbitrary(schema, true);
    case 'number':
      return numberArbitrary(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(schema.items ? arbitraryFromJsonSchema(schema.items, depth + 1) : fc.jsonValue(), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 4, Math.max(schema.minItems ?? 0, 4)),
      });
    case 'object': {
      const properties = schema.properties ?? {};
      const record = Object.fromEntries(
        Object.entries(properties).map(([key, value]) => [key, arbitraryFromJsonSchema(value, depth + 1)]),
      );
      return fc.record(record, { requiredKeys: (schema.required ?? []).filter((key) => key in properties) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Inputs no schema allows, or that cross its limits: wrong types, junk JSON, very long strings. */
export function hostileValue(): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.jsonValue({ maxDepth: 3 }),
    fc.constantFrom('a'.repeat(LONG_STRING), 'é'.repeat(LONG_STRING)),
    fc.constantFrom(
      '',
      '__proto__',
      'constructor',
      '\u0000',
      '%00',
      '../../etc/passwd',
      "' or 1=1 --",
      '😀'.repeat(500),
      '1e309',
      '-0',
      'NaN',
    ),
    fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 6 }),
  );
}
