import type { Guard } from './guards';
import type { PersistOptions, PersistStorage } from 'zustand/middleware';

/**
 * Options of zustand's `persist` for the app's stores, over local storage that never throws (private mode, full
 * quota, disabled storage in some web views: the state still lives in memory for the visit). Every value read back
 * goes through its guard (`lib/guards.ts`, no zod on the phone's path), so a stale or tampered value is dropped
 * instead of crashing the app. The keys are the ones the app has always used (`promoter.<key>`, JSON), so nobody is
 * signed out by an update.
 */
const PREFIX = 'promoter.';

function backend(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

function readKey(key: string): unknown {
  try {
    const raw = backend()?.getItem(PREFIX + key);
    return raw === null || raw === undefined ? undefined : (JSON.parse(raw) as unknown);
  } catch {
    return undefined;
  }
}

function writeKey(key: string, value: unknown): void {
  try {
    const store = backend();
    if (!store) return;
    if (value === undefined || value === null) store.removeItem(PREFIX + key);
    else store.setItem(PREFIX + key, JSON.stringify(value));
  } catch {
    // Storage full or unavailable: the state still lives in memory for this visit.
  }
}

export type PersistedFields<S> = {
  [K in keyof S]?: {
    /** The local storage key, without the `promoter.` prefix. */
    key: string;
    /** Reads the stored value; what it does not read (`undefined`) gives the initial value. */
    guard: Guard<S[K]>;
    /** The initial value wins when it is not null (a value the browser tells afresh on each visit). */
    preferInitial?: boolean;
  };
};

/**
 * Persists the listed fields of a store, each under its own key. Reading back (at creation, or on `rehydrate()`),
 * a missing or invalid field takes its initial value, so the store mirrors what storage holds.
 */
export function persistFields<S extends object>(
  initial: S,
  fields: PersistedFields<S>,
): PersistOptions<S, Partial<S>> {
  const entries = Object.entries(fields) as [keyof S & string, NonNullable<PersistedFields<S>[keyof S]>][];
  const storage: PersistStorage<Partial<S>> = {
    getItem: () => {
      const state: Record<string, unknown> = {};
      for (const [field, { key }] of entries) state[field] = readKey(key);
      return { state: state as Partial<S>, version: 0 };
    },
    setItem: (_name, { state }) => {
      for (const [field, { key }] of entries) writeKey(key, state[field]);
    },
    removeItem: () => {
      for (const [, { key }] of entries) writeKey(key, undefined);
    },
  };
  return {
    name: entries.map(([, { key }]) => key).join(','),
    storage,
    partialize: (state) => {
      const picked: Partial<S> = {};
      for (const [field] of entries) picked[field] = state[field];
      return picked;
    },
    merge: (persisted, current) => {
      const next: S = { ...current };
      const stored = (persisted ?? {}) as Record<string, unknown>;
      for (const [field, { guard, preferInitial }] of entries) {
        const read = guard(stored[field]);
        const keepInitial = preferInitial && initial[field] !== null && initial[field] !== undefined;
        next[field] = read === undefined || keepInitial ? initial[field] : (read as S[typeof field]);
      }
      return next;
    },
  };
}

/** Persists a whole store as one object under one key; an invalid object is dropped for the initial state. */
export function persistObject<S extends object>(key: string, guard: Guard<Partial<S>>): PersistOptions<S, S> {
  const storage: PersistStorage<S> = {
    getItem: () => {
      const value = readKey(key);
      return value === undefined ? null : { state: value as S, version: 0 };
    },
    setItem: (_name, { state }) => writeKey(key, state),
    removeItem: () => writeKey(key, undefined),
  };
  return {
    name: key,
    storage,
    merge: (persisted, current) => {
      const read = guard(persisted);
      return read === undefined ? current : { ...current, ...read };
    },
  };
}
