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
interface Sample {
  /** A value of the schema's input shape, with every union and enum at the variant's option. */
  value: unknown;
  /** Where a string can go: string, unknown and coerced fields, enums, and preprocessed fields. */
  fields: Path[];
}

type Def = { type: string } & Record<string, any>;
const defOf = (schema: z.core.$ZodType) => schema._zod.def as unknown as Def;
const nth = <T,>(options: readonly T[], variant: number) => options[variant % options.length]!;

/** The schema's value for one variant, and the places it reads a string; `choices` learns the widest option list. */
function sample(schema: z.core.$ZodType, variant: number, at: Path, choices: { max: number }): Sample {
  const def = defOf(schema);
  const leaf = (value: unknown, takesText: boolean): Sample => ({ value, fields: takesText ? [at] : [] });
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
      const fields: Path[] = [];
      for (const [key, field] of Object.entries(def.shape as Record<string, z.core.$ZodType>)) {
        const inner = sample(field, variant, [...at, key], choices);
        value[key] = inner.value;
        fields.push(...inner.fields);
      }
      return { value, fields };
    }
    case 'array': {
      const inner = sample(def.element, variant, [...at, 0], choices);
      return { value: [inner.value], fields: inner.fields };
    }
    case 'record': {
      const inner = sample(def.valueType, variant, [...at, 'key'], choices);
      return { value: { key: inner.value }, fields: inner.fields };
    }
    case 'union':
      choices.max = Math.max(choices.max, def.options.length);
      return sample(nth(def.options, variant), variant, at, choices);
    case 'pipe': {
      // z.preprocess is a pipe from a transform: the transform takes whatever comes, strings included.
      if (defOf(def.in).type !== 'transform') return sample(def.in, variant, at, choices);
      const out = sample(def.out, variant, at, choices);
      return { value: out.value, fields: [at, ...out.fields.filter((field) => field !== at)] };
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return sample(def.innerType, variant, at, choices);
    case 'lazy':
      return sample(def.getter(), variant, at, choices);
    default:
      throw new Error(`pathological-input: teach sample() the zod type "${def.type}" (at ${at.join('.') || 'the root'})`);
  }
}

/** One input per variant and string field: the variant's value with that field replaced. */
function inputsOf(schema: z.core.$ZodType): { field: string; input: (text: string) => unknown }[] {
  const choices = { max: 1 };
  sample(schema, 0, [], choices);
  const inputs = [];
  for (let variant = 0; variant < choices.max; variant++) {
    const { value, fields } = sample(schema, variant, [], { max: 1 });
    for (const field of fields) {
      const label = `${field.join('.') || '(the value)'} [variant ${variant}]`;
      inputs.push({ field: label, input: (text: string) => withText(value, field, text) });
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
  for (const [name, value] of Object.entries(exports)) if (value instanceof z.ZodType) schemas.push([`${file.replace(/^\.\/|\.ts$/g, '')}.${name}`, value]);
}

describe('pathological input', () => {
  it('finds the exported schemas and their e-mail fields', () => {
    expect(schemas.length).toBeGreaterThan(40);
    const fields = schemas.flatMap(([name, schema]) => inputsOf(schema).map(({ field }) => `${name} ${field}`));
    for (const expected of [
      'contact.contactFormSchema email [variant 0]',
      'registry.shareholderInputSchema email [variant 0]',
      'portal-requests.submitRequestSchema formData.buyerEmail [variant 0]',
      'portal-requests.submitRequestSchema formData.preferred_contact [variant 2]',
      'verification.validateVerificationCodeSchema code [variant 0]',
    ]) {
      expect(fields).toContain(expected);
    }
  });

  it.each(schemas)('%s parses every pathological value of every string field in under 20 ms', (_name, schema) => {
    let slow: string | null = null;
    // The first slow value fails the schema: a quadratic pattern takes seconds for each one.
    for (const { field, input } of inputsOf(schema)) {
      schema.safeParse(input('warm-up'));
      for (const text of PATHOLOGICAL) {
        const ms = parseTime(schema, input(text));
        if (ms >= LIMIT_MS) slow = `${field} = ${JSON.stringify(`${text.slice(0, 12)}…${text.slice(-2)}`)} (${text.length} chars): ${ms.toFixed(0)} ms`;
        if (slow) break;
      }
      if (slow) break;
    }
    expect(slow).toBeNull();
  }, 120_000);

  it('stops an over-long value at the length message: the pattern never adds its own', () => {
    const messages = (result: z.ZodSafeParseResult<unknown>, field: string) =>
      result.error?.issues.filter((issue) => issue.path.join('.') === field).map((issue) => issue.message);
    const email = `a@${'.'.repeat(LENGTH)}@`;
    expect(messages(contactFormSchema.safeParse({ name: 'Ada', email, message: 'A long enough message' }), 'email')).toEqual([CONTACT_MESSAGES.emailInvalid]);
    expect(messages(shareholderInputSchema.safeParse({ email }), 'email')).toEqual([REGISTRY_MESSAGES.emailInvalid]);
    expect(messages(shareholderInputSchema.safeParse({ phone: '1'.repeat(LENGTH) }), 'phone')).toEqual([REGISTRY_MESSAGES.phoneInvalid]);
  });
});
