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

/**
 * Characters that break naive text handling (issue 27: a lone surrogate was a 500): lone UTF-16 surrogates,
 * NUL, combining marks, right-to-left and bidi-override marks, and 4-byte characters (surrogate pairs).
 */
export const TRICKY_CHARACTERS = [
  '\ud800',
  '\udbff',
  '\udc00',
  '\udfff',
  '\u0000',
  '\u0301',
  '\u0308',
  '\u200f',
  '\u202e',
  '\u2067',
  '😀',
  '𝔸',
  '𠜎',
] as const;

/** A string of ASCII with tricky characters among it, within the schema's length (counted as zod does, in code units). */
function trickyString(minLength: number, maxLength: number): fc.Arbitrary<string> {
  const unit = fc.oneof(
    { weight: 1, arbitrary: fc.constantFrom(...TRICKY_CHARACTERS) },
    { weight: 2, arbitrary: fc.string({ minLength: 1, maxLength: 1 }) },
  );
  return fc.string({
    unit,
    minLength: Math.max(1, minLength),
    maxLength: Math.max(1, Math.min(maxLength, minLength + 40)),
  });
}

/** Whether any string in a generated value (keys included) holds a tricky character. */
export function holdsTrickyText(value: unknown): boolean {
  if (typeof value === 'string') return TRICKY_CHARACTERS.some((character) => value.includes(character));
  if (Array.isArray(value)) return value.some(holdsTrickyText);
  if (value && typeof value === 'object')
    return Object.entries(value).some(([key, item]) => holdsTrickyText(key) || holdsTrickyText(item));
  return false;
}

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? Math.max(min, 64);
  const bounded = fc.string({ minLength: min, maxLength: Math.min(max, min + 200) });
  const shaped: fc.Arbitrary<string>[] = [bounded, trickyString(min, max)];
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

export interface GenerateOptions {
  /** Generates every free-text string (one without format or pattern) within its length bounds. */
  freeText?: (minLength: number, maxLength: number) => fc.Arbitrary<string>;
}

/**
 * Free text holding `character` once, within the bounds (zod counts UTF-16 code units, and a 4-byte
 * character is two): so a route's length rules pass and the character reaches the code behind them.
 */
export const freeTextWith =
  (character: string) =>
  (minLength: number, maxLength: number): fc.Arbitrary<string> => {
    const room = Math.max(0, maxLength - character.length);
    const least = Math.min(room, Math.max(0, minLength - character.length));
    return fc
      .tuple(fc.string({ minLength: least, maxLength: Math.min(room, least + 30) }), fc.nat())
      .map(([text, at]) => {
        // Not first: a leading character would be trimmed by some schemas (none trims a surrogate, but a mark might be).
        const cut = text.length === 0 ? 0 : 1 + (at % text.length);
        return text.slice(0, cut) + character + text.slice(cut);
      });
  };

/**
 * Values shaped like `schema` (types, enums, required keys, lengths, formats and, where fast-check can,
 * patterns): most pass the route's validation, so the property test reaches the code behind it, not
 * only the 400. Refinements the JSON Schema cannot state (checksums, cross-field rules) may still fail.
 */
export function arbitraryFromJsonSchema(
  schema: JsonSchema,
  options: GenerateOptions = {},
  depth = 0,
): fc.Arbitrary<unknown> {
  if (depth > MAX_DEPTH) return fc.constant(null);
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union?.length) return fc.oneof(...union.map((s) => arbitraryFromJsonSchema(s, options, depth + 1)));
  if (schema.allOf?.length)
    return arbitraryFromJsonSchema(Object.assign({}, ...schema.allOf) as JsonSchema, options, depth + 1);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length > 1)
    return fc.oneof(...types.map((type) => arbitraryFromJsonSchema({ ...schema, type }, options, depth + 1)));
  switch (types[0]) {
    case 'string':
      // Free text (no format, no pattern): where the tricky pass puts its character.
      return options.freeText && !schema.format && !schema.pattern
        ? options.freeText(schema.minLength ?? 0, schema.maxLength ?? 64)
        : stringArbitrary(schema);
    case 'integer':
      return numberArbitrary(schema, true);
    case 'number':
      return numberArbitrary(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(schema.items ? arbitraryFromJsonSchema(schema.items, options, depth + 1) : fc.jsonValue(), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 4, Math.max(schema.minItems ?? 0, 4)),
      });
    case 'object': {
      const properties = schema.properties ?? {};
      const record = Object.fromEntries(
        Object.entries(properties).map(([key, value]) => [key, arbitraryFromJsonSchema(value, options, depth + 1)]),
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
      '\ud800',
      'note \udfff end',
      'e\u0301\u200f\u202e',
      '1e309',
      '-0',
      'NaN',
    ),
    fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 6 }),
  );
}
