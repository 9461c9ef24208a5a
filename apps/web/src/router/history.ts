/**
 * Where the app is: the part of the address after `#` (the game's web view and WeChat open links to a static page, so
 * the route lives in the hash, SPEC section 2), and a memory of addresses for tests.
 *
 * Each entry of the browser's history carries `{ usr, key, idx }` in `history.state`, the shape react-router gave
 * it, so entries made before this router, and code that reads `idx` (the app bar's back button), keep working.
 */

/** How the app came to the current address: a link or a call (PUSH, REPLACE) or the browser's back and forward (POP). */
export type NavigationType = 'POP' | 'PUSH' | 'REPLACE';

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** What the page that navigated here handed over (`navigate(to, { state })`); null otherwise. */
  state: unknown;
  /** One per history entry: scroll positions are kept by it. */
  key: string;
}

export interface History {
  readonly location: Location;
  readonly action: NavigationType;
  /** The entry's place in this visit's history (0 for the first). */
  readonly index: number;
  /** Called after every change of address: a push, a replace, or the browser's back and forward. */
  listen(listener: () => void): () => void;
  push(to: string, state?: unknown): void;
  replace(to: string, state?: unknown): void;
  go(delta: number): void;
  /** What an `<a href>` holds for a route: `#/agent/Main` in the browser. */
  createHref(to: string): string;
}

/** Those told of a change: `add` returns the way to stop, `notify` tells them all. */
export function listenerSet<A extends unknown[] = []>() {
  const listeners = new Set<(...args: A) => void>();
  return {
    add(listener: (...args: A) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    notify: (...args: A) => listeners.forEach((listener) => listener(...args)),
  };
}

interface EntryState {
  usr: unknown;
  key: string;
  idx: number;
}

function newKey(): string {
  return Math.random().toString(36).slice(2, 10);
}

/** A route's address in its parts; a missing leading slash is added. */
export function parsePath(to: string): Pick<Location, 'pathname' | 'search' | 'hash'> {
  let rest = to;
  let hash = '';
  let search = '';
  const hashAt = rest.indexOf('#');
  if (hashAt >= 0) {
    hash = rest.slice(hashAt);
    rest = rest.slice(0, hashAt);
  }
  const searchAt = rest.indexOf('?');
  if (searchAt >= 0) {
    search = rest.slice(searchAt);
    rest = rest.slice(0, searchAt);
  }
  if (search === '?') search = '';
  const pathname = rest.startsWith('/') ? rest : `/${rest}`;
  return { pathname, search, hash };
}

function entryStateOf(value: unknown): EntryState | null {
  if (!value || typeof value !== 'object') return null;
  const { usr, key, idx } = value as Partial<EntryState>;
  return typeof key === 'string' && typeof idx === 'number' ? { usr, key, idx } : null;
}

/** The browser's history, the route in the hash. */
export function createHashHistory(win: Window = window): History {
  const listeners = listenerSet();
  let action: NavigationType = 'POP';

  // The first entry gets its number and key, as every later one does.
  if (!entryStateOf(win.history.state)) {
    win.history.replaceState({ usr: null, key: 'default', idx: 0 } satisfies EntryState, '');
  }

  const read = (): { location: Location; index: number } => {
    const entry = entryStateOf(win.history.state) ?? { usr: null, key: 'default', idx: 0 };
    const hashPath = win.location.hash.replace(/^#/, '') || '/';
    return {
      location: { ...parsePath(hashPath), state: entry.usr ?? null, key: entry.key },
      index: entry.idx,
    };
  };
  let current = read();

  win.addEventListener('popstate', () => {
    action = 'POP';
    current = read();
    listeners.notify();
  });

  const write = (kind: 'PUSH' | 'REPLACE', to: string, state: unknown) => {
    const idx = kind === 'PUSH' ? current.index + 1 : current.index;
    const entry: EntryState = { usr: state ?? null, key: newKey(), idx };
    if (kind === 'PUSH') win.history.pushState(entry, '', createHref(to));
    else win.history.replaceState(entry, '', createHref(to));
    action = kind;
    current = read();
    listeners.notify();
  };

  return {
    get location() {
      return current.location;
    },
    get action() {
      return action;
    },
    get index() {
      return current.index;
    },
    listen: listeners.add,
    push: (to, state) => write('PUSH', to, state),
    replace: (to, state) => write('REPLACE', to, state),
    go: (delta) => win.history.go(delta),
    createHref,
  };
}

/** An address of the app as a link holds it: `#/agent/Main` (relative to the page, whose own query stays). */
function createHref(to: string): string {
  return `#${to.startsWith('/') ? to : `/${to}`}`;
}

/** A history in memory: the tests' (`initialEntries` as react-router's MemoryRouter takes them). */
export function createMemoryHistory(initialEntries: readonly string[] = ['/']): History {
  const listeners = listenerSet();
  const entries: Location[] = (initialEntries.length ? initialEntries : ['/']).map((to, i) => ({
    ...parsePath(to),
    state: null,
    key: i === 0 ? 'default' : newKey(),
  }));
  let index = entries.length - 1;
  let action: NavigationType = 'POP';
  const write = (kind: 'PUSH' | 'REPLACE', to: string, state: unknown) => {
    const location: Location = { ...parsePath(to), state: state ?? null, key: newKey() };
    if (kind === 'PUSH') {
      index += 1;
      entries.splice(index, entries.length - index, location);
    } else entries[index] = location;
    action = kind;
    listeners.notify();
  };
  return {
    get location() {
      const location = entries[index];
      if (!location) throw new Error(`no history entry ${index}`);
      return location;
    },
    get action() {
      return action;
    },
    get index() {
      return index;
    },
    listen: listeners.add,
    push: (to, state) => write('PUSH', to, state),
    replace: (to, state) => write('REPLACE', to, state),
    go(delta) {
      const next = Math.min(Math.max(index + delta, 0), entries.length - 1);
      if (next === index) return;
      index = next;
      action = 'POP';
      listeners.notify();
    },
    // In memory an address is its own link (tests read `href="/profile"`).
    createHref: (to) => to,
  };
}
