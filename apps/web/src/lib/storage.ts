import type { z } from 'zod';

/**
 * Local storage that never throws (private mode, full quota, disabled storage in some web views) and
 * validates what it reads, so a stale or tampered value is dropped instead of crashing the app.
 */
const PREFIX = 'promoter.';

function backend(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

export function readStored<S extends z.ZodType>(key: string, schema: S): z.infer<S> | undefined {
  try {
    const raw = backend()?.getItem(PREFIX + key);
    if (raw === null || raw === undefined) return undefined;
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export function writeStored(key: string, value: unknown): void {
  try {
    const store = backend();
    if (!store) return;
    if (value === undefined || value === null) store.removeItem(PREFIX + key);
    else store.setItem(PREFIX + key, JSON.stringify(value));
  } catch {
    // Storage full or unavailable: the state still lives in memory for this visit.
  }
}
