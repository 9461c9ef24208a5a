import fc from 'fast-check';
import type { z } from 'zod';

/**
 * fast-check arbitraries derived from the contract's zod (v4) input schemas: objects, strings with their length,
 * regex and format, numbers with their bounds, enums, literals, unions, optionals and defaults. What a refinement
 * adds (a date's years, a money maximum) is not modelled: values on both sides of it come out, which is the point.
 */

interface Def {
  type: string;
  checks?: { _zod: { def: { check: string; format?: string; pattern?: RegExp } } }[];
  innerType?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  options?: z.ZodType[];
  values?: unknown[];
  entries?: Record<string, unknown>;
  element?: z.ZodType;
  getter?: () => z.ZodType;
  in?: z.ZodType;
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

function stringArbitrary(schema: z.ZodType): fc.Arbitrary<string> {
  const s = schema as unknown as {
    minLength: number | null;
    maxLength: number | null;
    format: string | null;
  };
  const pattern = defOf(schema).checks?.find((c) => c._zod.def.format === 'regex')?._zod.def.pattern;
  if (pattern) return fc.stringMatching(pattern);
  switch (s.format) {
    case 'uuid':
      return fc.uuid();
    case 'url':
      return fc.webUrl();
    case 'datetime':
      return fc
        .date({
          min: new Date('1990-01-01T00:00:00Z'),
          max: new Date('2110-01-01T00:00:00Z'),
          noInvalidDate: true,
        })
        .map((d) => d.toISOString());
    default:
      return fc.string({
        unit: fc.oneof(
          fc.constant('a'),
          fc.constant(' '),
          fc.constant('1'),
          fc.constant('好'),
          fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
        ),
        minLength: s.minLength ?? 0,
        maxLength: Math.min(s.maxLength ?? 80, 80),
      });
  }
}

function numberArbitrary(schema: z.ZodType): fc.Arbitrary<number> {
  const n = schema as unknown as { minValue: number | null; maxValue: number | null; isInt: boolean | null };
  const min = Math.max(n.minValue ?? -2_147_483_648, -2_147_483_648);
  const max = Math.min(n.maxValue ?? 2_147_483_647, 2_147_483_647);
  const small = fc.integer({ min: Math.max(min, -5), max: Math.max(Math.min(max, 1000), Math.max(min, -5)) });
  const ints = fc.oneof(small, fc.integer({ min, max }), fc.constantFrom(min, max));
  return n.isInt ? ints : fc.oneof(ints, fc.double({ min, max, noNaN: true }));
}

export function arbitraryOf(schema: z.ZodType, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  switch (def.type) {
    case 'object': {
      const shape = def.shape ?? {};
      const required: string[] = [];
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, value] of Object.entries(shape)) {
        record[key] = arbitraryOf(value, depth + 1);
        const type = defOf(value).type;
        if (type !== 'optional' && type !== 'default') required.push(key);
      }
      return fc.record(record, { requiredKeys: required });
    }
    case 'string':
      return stringArbitrary(schema);
    case 'number':
      return numberArbitrary(schema);
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? {}));
    case 'literal':
      return fc.constantFrom(...(def.values ?? []));
    case 'union':
      return fc.oneof(...(def.options ?? []).map((o) => arbitraryOf(o, depth + 1)));
    case 'optional':
    case 'default':
    case 'nullable':
      return arbitraryOf(def.innerType as z.ZodType, depth);
    case 'pipe':
      return arbitraryOf(def.in as z.ZodType, depth);
    case 'array':
      return depth > 3
        ? fc.constant([])
        : fc.array(arbitraryOf(def.element as z.ZodType, depth + 1), { maxLength: 3 });
    case 'lazy':
      return arbitraryOf((def.getter as () => z.ZodType)(), depth + 1);
    default:
      return fc.anything();
  }
}

/** Values of every kind that once made a 500, and their relatives. */
export const HOSTILE_VALUES: readonly unknown[] = [
  '\u0000',
  'a\u0000b',
  'line\nbreak',
  '\u007f',
  '\ud800',
  2_147_483_648,
  -2_147_483_649,
  9_999_999_999,
  '9999999999',
  '2147483648',
  -1,
  0,
  1e308,
  -1e308,
  0.5,
  'NaN',
  'Infinity',
  '-0',
  '1e3',
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59Z',
  '0000-01-01',
  'x'.repeat(10_000),
  '',
  ' ',
  '１２３',
  "'; drop table accounts; --",
  null,
  true,
  [],
  [1, 2],
  {},
  { nested: '\u0000' },
];

export const hostileValue = fc.constantFrom(...HOSTILE_VALUES);

/**
 * An input for a call: valid-looking, or valid-looking with one field made hostile, or a hostile body of the wrong
 * type altogether (null, an array, a number).
 */
export function fuzzInput(schema: z.ZodType): fc.Arbitrary<unknown> {
  const valid = arbitraryOf(schema);
  const shape = defOf(schema).type === 'object' ? Object.keys(defOf(schema).shape ?? {}) : [];
  const oneFieldHostile =
    shape.length > 0
      ? fc
          .tuple(valid, fc.constantFrom(...shape, '__extra\u0000'), hostileValue)
          .map(([value, key, bad]) => ({ ...(value as object), [key]: bad }))
      : valid;
  return fc.oneof(
    { arbitrary: valid, weight: 3 },
    { arbitrary: oneFieldHostile, weight: 4 },
    { arbitrary: hostileValue, weight: 1 },
  );
}
