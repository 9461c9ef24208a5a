import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  aBoolean,
  anInteger,
  aNumber,
  arrayOf,
  aString,
  fromSchema,
  type Guard,
  matching,
  nonEmptyString,
  nullable,
  objectOf,
  oneOf,
  optional,
  partialOf,
  refine,
  withDefault,
} from '../src/lib/guards';

describe('the guards of values read back (lib/guards.ts)', () => {
  it('reads the plain values as zod did, and nothing else', () => {
    expect(aString('a')).toBe('a');
    expect(aString('')).toBe('');
    expect(aString(1)).toBeUndefined();
    expect(nonEmptyString('a')).toBe('a');
    expect(nonEmptyString('')).toBeUndefined();
    expect(aNumber(1.5)).toBe(1.5);
    expect(aNumber(0)).toBe(0);
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, '1', null, undefined])
      expect(aNumber(bad)).toBeUndefined();
    expect(anInteger(-3)).toBe(-3);
    for (const bad of [1.5, 2 ** 53, '1', Number.NaN]) expect(anInteger(bad)).toBeUndefined();
    expect(aBoolean(false)).toBe(false);
    expect(aBoolean('false')).toBeUndefined();
    expect(matching(/^\d+$/)('12')).toBe('12');
    expect(matching(/^\d+$/)('1a')).toBeUndefined();
    expect(matching(/^\d+$/)(12)).toBeUndefined();
  });

  it('reads one of a list, a refined value, null, a default and arrays', () => {
    const level = oneOf([1, 2, 3] as const);
    expect(level(2)).toBe(2);
    expect(level(4)).toBeUndefined();
    expect(level('2')).toBeUndefined();
    const positive = refine(anInteger, (n) => n > 0);
    expect(positive(1)).toBe(1);
    expect(positive(0)).toBeUndefined();
    expect(nullable(aString)(null)).toBeNull();
    expect(nullable(aString)(undefined)).toBeUndefined();
    expect(nullable(aString)(1)).toBeUndefined();
    expect(withDefault(aString, 'x')(undefined)).toBe('x');
    expect(withDefault(aString, 'x')(null)).toBeUndefined();
    expect(withDefault(aString, 'x')('y')).toBe('y');
    expect(arrayOf(anInteger)([1, 2])).toEqual([1, 2]);
    expect(arrayOf(anInteger)([])).toEqual([]);
    expect(arrayOf(anInteger)([1, '2'])).toBeUndefined();
    expect(arrayOf(anInteger)({ 0: 1 })).toBeUndefined();
  });

  it('reads objects field by field: every field valid, unknown fields dropped, optional ones may be left out', () => {
    interface Thing {
      id: number;
      name: string | null;
      note?: string;
      owed: string;
    }
    const thing = objectOf<Thing>({
      id: anInteger,
      name: nullable(aString),
      note: optional(aString),
      owed: withDefault(aString, '0.00'),
    });
    expect(thing({ id: 1, name: null, owed: '1.00', extra: true })).toEqual({
      id: 1,
      name: null,
      owed: '1.00',
    });
    expect(thing({ id: 1, name: 'a', note: 'n', owed: '1.00' })).toEqual({
      id: 1,
      name: 'a',
      note: 'n',
      owed: '1.00',
    });
    // A field added since the value was kept takes its default.
    expect(thing({ id: 1, name: 'a' })).toEqual({ id: 1, name: 'a', owed: '0.00' });
    expect(thing({ id: 1, name: 'a', note: 3 })).toBeUndefined();
    expect(thing({ name: 'a' })).toBeUndefined();
    expect(thing({ id: 1 })).toBeUndefined();
    for (const bad of [null, undefined, 'x', [], [1]]) expect(thing(bad)).toBeUndefined();

    const some = partialOf<Thing>({
      id: anInteger,
      name: nullable(aString),
      note: optional(aString),
      owed: aString,
    });
    expect(some({})).toEqual({});
    expect(some({ id: 2, other: 1 })).toEqual({ id: 2 });
    expect(some({ id: 'two' })).toBeUndefined();
    expect(some(null)).toBeUndefined();
  });

  it('reads through a zod schema for the stores off the phone’s path', () => {
    const id = fromSchema(z.string().regex(/^[a-z]{3}$/));
    expect(id('abc')).toBe('abc');
    expect(id('abcd')).toBeUndefined();
    expect(id(undefined)).toBeUndefined();
  });

  it('types a shape from its type: a field missing, added or of another type does not compile', () => {
    interface Pair {
      level: 1 | 2;
      count: number;
      note?: string;
    }
    const level = oneOf([1, 2] as const);
    const note = optional(aString);
    const ok: Guard<Pair> = objectOf<Pair>({ level, count: anInteger, note });
    expect(ok({ level: 1, count: 0 })).toEqual({ level: 1, count: 0 });
    // @ts-expect-error a field of the type left out of the shape
    objectOf<Pair>({ level, note });
    // @ts-expect-error a field the type does not have
    objectOf<Pair>({ level, count: anInteger, note, more: aString });
    // @ts-expect-error a wider guard than the field (any integer for 1 | 2)
    objectOf<Pair>({ level: anInteger, count: anInteger, note });
    // @ts-expect-error a narrower guard than the field (1 | 2 for any number)
    objectOf<Pair>({ level, count: level, note });
    // @ts-expect-error a field that may be left out needs optional(...)
    objectOf<Pair>({ level, count: anInteger, note: aString });
    // @ts-expect-error null is not a value of the field
    objectOf<Pair>({ level, count: nullable(anInteger), note });
  });
});
