import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CONTACT_MESSAGES, contactFormSchema } from './contact';
import { REGISTRY_MESSAGES, shareholderInputSchema } from './registry';

/**
 * Issue 14: one request must never stall the server. Every string field of every schema exported
 * from shared/src (found by importing each module, so a new schema is covered without touching this
 * file) gets 100,000 repetitions of each character the patterns look at, after a prefix that gets a
 * pattern past its first part ("a@" for an e-mail) and before a character that makes it fail at the
 * very end, where a backtracking pattern has the most to undo. Each parse must take under 20 ms.
 * A rule reused by many fields (one e-mail rule in ten schemas) is timed once, at its first place; the
 * test is named after it, and a failure lists the other places (`places` below).
 */
const LIMIT_MS = 20;
const LENGTH = 100_000;
const UNITS = ['a', 'Z', '0', '.', '@', '-', '_', '+', '(', ')', ' ', '\t', '\n', '$', ',', 'é', '(1)', '1-', 'a.'];
const PREFIXES = ['', 'a@', '+1 '];
const BREAKERS = ['', '@', '!', ' '];

const PATHOLOGICAL = PREFIXES.flatMap((prefix) =>
  UNITS.flatMap((unit) => BREAKERS.map((breaker) => prefix + unit.repeat(Math.ceil(LENGTH / unit.length)) + breaker)),
);

type Path = (string | number)[];
/** A schema at a place of the sampled value. */
interface Located {
  schema: z.core.$ZodType;
  at: Path;
}
/**
 * A place a string can go, and what reads the string there: `rule`, the schema object that parses it
 * (the same object wherever it is reused, e.g. one e-mail rule in ten schemas), and `reader`, the
 * outermost schema around the place that reads more than this place (a refinement of an object, a pipe
 * from an object), if any: that one sees the string too.
 */
interface Field {
  at: Path;
  rule: z.core.$ZodType;
  reader?: Located;
}
interface Sample {
  /** A value of the schema's input shape, with every union and enum at the variant's option. */
  value: unknown;
  /** Where a string can go: string, unknown and coerced fields, enums, and preprocessed fields. */
  fields: Field[];
}

type Def = { type: string } & Record<string, any>;
const defOf = (schema: z.core.$ZodType) => schema._zod.def as unknown as Def;
const nth = <T>(options: readonly T[], variant: number) => options[variant % options.length]!;
const hasChecks = (def: Def) => (def.checks?.length ?? 0) > 0;

/**
 * What sample() knows of the schemas it went through to get here: `reader`, the outermost one that
 * reads the whole value of an enclosing place (see Field); at this same place, `rule`, the outermost
 * schema that is more than a wrapper (optional, nullable, default... without checks of their own only
 * pass the string on), and `readsHere`, the outermost one that reads the whole value here (a pipe, a
 * catch, a refinement), the reader of whatever lies further in.
 */
interface Reach {
  reader?: Located;
  rule?: z.core.$ZodType;
  readsHere?: Located;
}
/** Into a field, an element or a record value of `container` (at `at`): a new place. */
const inner = (reach: Reach, container: z.core.$ZodType, at: Path): Reach => ({
  reader: reach.reader ?? reach.readsHere ?? (hasChecks(defOf(container)) ? { schema: container, at } : undefined),
});
/** Still at this place (`at`), through `schema`, which reads the whole value here when `reads`. */
const through = (reach: Reach, schema: z.core.$ZodType, at: Path, reads: boolean): Reach => ({
  reader: reach.reader,
  rule: reach.rule ?? schema,
  readsHere: reach.readsHere ?? (reads ? { schema, at } : undefined),
});

/** The schema's value for one variant, and the places it reads a string; `choices` learns the widest option list. */
function sample(
  schema: z.core.$ZodType,
  variant: number,
  at: Path,
  choices: { max: number },
  reach: Reach = {},
): Sample {
  const def = defOf(schema);
  const leaf = (value: unknown, takesText: boolean): Sample => ({
    value,
    fields: takesText ? [{ at, rule: reach.rule ?? schema, reader: reach.reader }] : [],
  });
  switch (def.type) {
    case 'string':
    case 'unknown':
    case 'any':
    case 'transform':
      return leaf('x', true);
    case 'number':
    case 'boolean':
    case 'bigint':
    case 'date':
      return leaf(def.type === 'boolean' ? false : 1, Boolean(def.coerce));
    case 'null':
    case 'undefined':
      return leaf(def.type === 'null' ? null : undefined, false);
    case 'enum': {
      const options = Object.values(def.entries as Record<string, unknown>);
      choices.max = Math.max(choices.max, options.length);
      return leaf(nth(options, variant), true);
    }
    case 'literal':
      choices.max = Math.max(choices.max, def.values.length);
      return leaf(nth(def.values, variant), false);
    case 'object': {
      const value: Record<string, unknown> = {};
      const fields: Field[] = [];
      for (const [key, field] of Object.entries(def.shape as Record<string, z.core.$ZodType>)) {
        const sampled = sample(field, variant, [...at, key], choices, inner(reach, schema, at));
        value[key] = sampled.value;
        fields.push(...sampled.fields);
      }
      return { value, fields };
    }
    case 'array': {
      const sampled = sample(def.element, variant, [...at, 0], choices, inner(reach, schema, at));
      return { value: [sampled.value], fields: sampled.fields };
    }
    case 'record': {
      const sampled = sample(def.valueType, variant, [...at, 'key'], choices, inner(reach, schema, at));
      return { value: { key: sampled.value }, fields: sampled.fields };
    }
    case 'union':
      // A string at a union is parsed by the union (its options in turn): the union is the rule. A union
      // of objects hands each field to the options' own rules, each checked where its variant has it.
      choices.max = Math.max(choices.max, def.options.length);
      return sample(nth(def.options, variant), variant, at, choices, through(reach, schema, at, hasChecks(def)));
    case 'pipe': {
      // The pipe is the rule: what comes out of its first part goes on to the second.
      const piped = through(reach, schema, at, true);
      // z.preprocess is a pipe from a transform: the transform takes whatever comes, strings included.
      if (defOf(def.in).type !== 'transform') return sample(def.in, variant, at, choices, piped);
      const out = sample(def.out, variant, at, choices, piped);
      return {
        value: out.value,
        fields: [{ at, rule: piped.rule!, reader: reach.reader }, ...out.fields.filter((field) => field.at !== at)],
      };
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
      // Wrappers pass the string on untouched; one with checks of its own (a refinement) is the rule.
      return sample(def.innerType, variant, at, choices, hasChecks(def) ? through(reach, schema, at, true) : reach);
    case 'catch':
      // Its fallback is given the input: it reads the string too.
      return sample(def.innerType, variant, at, choices, through(reach, schema, at, true));
    case 'lazy':
      return sample(def.getter(), variant, at, choices, hasChecks(def) ? through(reach, schema, at, true) : reach);
    default:
      throw new Error(
        `pathological-input: teach sample() the zod type "${def.type}" (at ${at.join('.') || 'the root'})`,
      );
  }
}

/** One place a string can go in a schema's input: where, what parses it, and the input with a text there. */
interface Place {
  schemaName: string;
  schema: z.ZodType;
  field: string;
  /** Places with the same key take the same time: the same rule alone reads the string, or the same reader of the same value. */
  key: z.core.$ZodType | string;
  input: (text: string) => unknown;
}

const ids = new Map<z.core.$ZodType, number>();
const idOf = (schema: z.core.$ZodType) => ids.get(schema) ?? ids.set(schema, ids.size + 1).size;
/** JSON that keeps an undefined field apart from a missing one. */
const exactJson = (value: unknown) =>
  JSON.stringify(value, (_key, inner: unknown) => (inner === undefined ? '(undefined)' : inner));
const valueAt = (value: unknown, at: Path) =>
  at.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], value);

/**
 * The rule where nothing else reads the string; where a reader does, the reader with the value it
 * reads (this variant's) and the place in it: the same reader object in two schemas is timed once.
 */
function keyOf(value: unknown, { at, rule, reader }: Field): Place['key'] {
  if (!reader) return rule;
  return `reader ${idOf(reader.schema)} at ${exactJson(at.slice(reader.at.length))} of ${exactJson(valueAt(value, reader.at))}`;
}

/** One input per variant and string field: the variant's value with that field replaced. */
function inputsOf(schemaName: string, schema: z.ZodType): Place[] {
  const choices = { max: 1 };
  sample(schema, 0, [], choices);
  const inputs: Place[] = [];
  for (let variant = 0; variant < choices.max; variant++) {
    const { value, fields } = sample(schema, variant, [], { max: 1 });
    for (const place of fields) {
      const field = `${place.at.join('.') || '(the value)'} [variant ${variant}]`;
      inputs.push({
        schemaName,
        schema,
        field,
        key: keyOf(value, place),
        input: (text: string) => withText(value, place.at, text),
      });
    }
  }
  return inputs;
}

function withText(value: unknown, field: Path, text: string): unknown {
  if (field.length === 0) return text;
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let node = copy;
  for (const key of field.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[field.at(-1)!] = text;
  return copy;
}

/** A reading past this is a backtracking pattern (seconds on 100,000 characters), not a stall: it is not taken again. */
const BACKTRACKING_MS = 1_000;

/**
 * Milliseconds of one parse; a slow reading is taken again (up to four times) so that a GC pause or a
 * busy machine is not a failure (CI saw one 213 ms reading of an enum), while a backtracking pattern
 * (seconds) is not retried.
 */
function parseTime(schema: z.ZodType, input: unknown): number {
  let best = Infinity;
  for (let attempt = 0; attempt < 5; attempt++) {
    const start = performance.now();
    schema.safeParse(input);
    best = Math.min(best, performance.now() - start);
    if (best < LIMIT_MS || best > BACKTRACKING_MS) break;
  }
  return best;
}

declare global {
  interface ImportMeta {
    /** Vite's module listing (vitest runs on Vite); shared/ has no Vite types of its own. */
    glob(patterns: string[], options: { eager: true }): Record<string, Record<string, unknown>>;
  }
}

// Every module of shared/src, so that a schema added later is walked without a change here.
const modules = import.meta.glob(['./*.ts', '!./*.test.ts'], { eager: true });
const schemas: [string, z.ZodType][] = [];
for (const [file, exports] of Object.entries(modules)) {
  for (const [name, value] of Object.entries(exports))
    if (value instanceof z.ZodType) schemas.push([`${file.replace(/^\.\/|\.ts$/g, '')}.${name}`, value]);
}

/**
 * Every place a string can go, grouped by what reads the string there (Place.key): a rule reused in
 * many schemas (one e-mail rule in ten) is timed once, at its first place. Where more than the rule
 * reads it (an object's refinement, a pipe from an object), the group is that reader, with the value
 * it reads: a refined object exported and also nested in another exported schema is timed once.
 */
const places = schemas.flatMap(([name, schema]) => inputsOf(name, schema));
const byRule = new Map<Place['key'], Place[]>();
for (const place of places) byRule.set(place.key, [...(byRule.get(place.key) ?? []), place]);
const named = (place: Place) => `${place.schemaName} ${place.field}`;
const rules = [...byRule.values()].map((group) => ({
  name: group.length === 1 ? named(group[0]!) : `${named(group[0]!)} (the rule of ${group.length} places)`,
  group,
}));

describe('pathological input', () => {
  it('finds the exported schemas and their e-mail fields', () => {
    expect(schemas.length).toBeGreaterThan(40);
    const fields = places.map(named);
    for (const expected of [
      'contact.contactFormSchema email [variant 0]',
      'registry.shareholderInputSchema email [variant 0]',
      'portal-requests.submitRequestSchema formData.buyerEmail [variant 0]',
      'portal-requests.submitRequestSchema formData.preferred_contact [variant 2]',
      'verification.validateVerificationCodeSchema code [variant 0]',
    ]) {
      expect(fields).toContain(expected);
    }
    // Every place is in exactly one timed group, and a reused rule is timed once for all its places.
    expect(rules.flatMap(({ group }) => group)).toHaveLength(places.length);
    expect(rules.length).toBeLessThan(places.length);
  });

  // A test per rule, named after its first place (it.each would cut a long name short).
  for (const { name, group } of rules) {
    it(`${name} parses every pathological value in under 20 ms`, () => {
      const [{ schema, input }] = group as [Place];
      let slow: string | null = null;
      schema.safeParse(input('warm-up'));
      // The first slow value fails the rule: a quadratic pattern takes seconds for each one.
      for (const text of PATHOLOGICAL) {
        const ms = parseTime(schema, input(text));
        if (ms >= LIMIT_MS) {
          const others = group.length > 1 ? `; the same rule parses ${group.slice(1).map(named).join(', ')}` : '';
          slow = `${named(group[0]!)} = ${JSON.stringify(`${text.slice(0, 12)}…${text.slice(-2)}`)} (${text.length} chars): ${ms.toFixed(0)} ms${others}`;
          break;
        }
      }
      expect(slow).toBeNull();
    }, 120_000);
  }

  it('stops an over-long value at the length message: the pattern never adds its own', () => {
    const messages = (result: z.ZodSafeParseResult<unknown>, field: string) =>
      result.error?.issues.filter((issue) => issue.path.join('.') === field).map((issue) => issue.message);
    const email = `a@${'.'.repeat(LENGTH)}@`;
    expect(
      messages(contactFormSchema.safeParse({ name: 'Ada', email, message: 'A long enough message' }), 'email'),
    ).toEqual([CONTACT_MESSAGES.emailInvalid]);
    expect(messages(shareholderInputSchema.safeParse({ email }), 'email')).toEqual([REGISTRY_MESSAGES.emailInvalid]);
    expect(messages(shareholderInputSchema.safeParse({ phone: '1'.repeat(LENGTH) }), 'phone')).toEqual([
      REGISTRY_MESSAGES.phoneInvalid,
    ]);
  });
});
