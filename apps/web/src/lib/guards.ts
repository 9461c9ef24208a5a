import type { z } from 'zod';

/**
 * Small typed readers of values the app did not write in this visit (local storage, the build's variables), in place
 * of zod on the phone's path (issue 29): zod's schemas cost about 25 KB gzipped in the entry's script.
 *
 * A guard reads an unknown value as a T: it answers the value (a copy, for objects and arrays: fields a shape does
 * not name are dropped, as zod's objects strip them), or `undefined` when the value is not a T. A guard never throws.
 * Build a contract type's guard with `objectOf<TContractType>({...})`: its shape must name every field of the type
 * with a guard of exactly that field's type, so the contract's type stays the one source and a field added, removed
 * or changed there fails to compile here.
 */
export interface Guard<T> {
  (value: unknown): T | undefined;
  /**
   * Never set: it makes `Guard<T>` invariant in T, so a shape's guard must read exactly its field's type (a guard
   * of `number` does not pass for a field of `1 | 2 | 3`, nor one of `1 | 2 | 3` for a field of `number`).
   */
  readonly type?: (value: T) => T;
}

/** The guard of a field that may be left out: `objectOf` takes the field's absence, and checks it when present. */
export interface OptionalGuard<T> extends Guard<T> {
  readonly optional: true;
}

/** A guard for each field of T: `optional(...)` for the fields that may be left out. */
export type Shape<T> = {
  [K in keyof T]-?: undefined extends T[K] ? OptionalGuard<Exclude<T[K], undefined>> : Guard<T[K]>;
};

export const aString: Guard<string> = (value) => (typeof value === 'string' ? value : undefined);

/** A string of at least one character. */
export const nonEmptyString: Guard<string> = (value) =>
  typeof value === 'string' && value !== '' ? value : undefined;

/** A finite number (not NaN, not Infinity), as zod's `z.number()`. */
export const aNumber: Guard<number> = (value) =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/** A safe integer, as zod's `z.number().int()`. */
export const anInteger: Guard<number> = (value) =>
  typeof value === 'number' && Number.isSafeInteger(value) ? value : undefined;

export const aBoolean: Guard<boolean> = (value) => (typeof value === 'boolean' ? value : undefined);

/** A string the pattern matches. */
export function matching(pattern: RegExp): Guard<string> {
  return (value) => (typeof value === 'string' && pattern.test(value) ? value : undefined);
}

/** One of the listed values (compared with `===`). */
export function oneOf<const L extends readonly unknown[]>(list: L): Guard<L[number]> {
  return (value) => (list.includes(value) ? (value as L[number]) : undefined);
}

/** A value the guard reads that also passes the test. */
export function refine<T, U extends T>(guard: Guard<T>, test: (value: T) => value is U): Guard<U>;
export function refine<T>(guard: Guard<T>, test: (value: T) => boolean): Guard<T>;
export function refine<T>(guard: Guard<T>, test: (value: T) => boolean): Guard<T> {
  return (value) => {
    const read = guard(value);
    return read !== undefined && test(read) ? read : undefined;
  };
}

/** null, or a value the guard reads. */
export function nullable<T>(guard: Guard<T>): Guard<T | null> {
  return (value) => (value === null ? null : guard(value));
}

/** A field of `objectOf` that may be left out; when present, the guard reads it. */
export function optional<T>(guard: Guard<T>): OptionalGuard<T> {
  return Object.assign((value: unknown) => guard(value), { optional: true as const });
}

/** The fallback when the value is left out (undefined), else what the guard reads: a field added since it was kept. */
export function withDefault<T>(guard: Guard<T>, fallback: T): Guard<T> {
  return (value) => (value === undefined ? fallback : guard(value));
}

/** An array whose every item the guard reads. */
export function arrayOf<T>(guard: Guard<T>): Guard<T[]> {
  return (value) => {
    if (!Array.isArray(value)) return undefined;
    const items: T[] = [];
    for (const item of value as unknown[]) {
      const read = guard(item);
      if (read === undefined) return undefined;
      items.push(read);
    }
    return items;
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readFields<T>(shape: Shape<T>, value: unknown, everyOptional: boolean): Partial<T> | undefined {
  if (!isRecord(value)) return undefined;
  const read: Record<string, unknown> = {};
  for (const [key, guard] of Object.entries(shape) as [string, Guard<unknown> & { optional?: true }][]) {
    const field = value[key];
    if (field === undefined && (everyOptional || guard.optional)) continue;
    const fieldRead = guard(field);
    if (fieldRead === undefined) return undefined;
    read[key] = fieldRead;
  }
  return read as Partial<T>;
}

/**
 * An object with every field of the shape (a field read by `optional(...)` may be left out): a copy holding only
 * those fields. Name the type: `objectOf<TPlayer>({ playerId: anInteger, ... })`.
 */
export function objectOf<T>(shape: Shape<T>): Guard<T> {
  return (value) => readFields(shape, value, false) as T | undefined;
}

/** An object with any of the shape's fields, each one present valid (zod's `.partial()`): a copy of those fields. */
export function partialOf<T>(shape: Shape<T>): Guard<Partial<T>> {
  return (value) => readFields(shape, value, true);
}

/**
 * A zod schema as a guard, for the stores off the phone's path that keep reading through the contract's schema (the
 * schema's module brings zod; this one does not).
 */
export function fromSchema<T>(schema: z.ZodType<T>): Guard<T> {
  return (value) => {
    const parsed = schema.safeParse(value);
    return parsed.success ? parsed.data : undefined;
  };
}
