import type { History, Location, NavigationType } from './history';
import { createHashHistory, createMemoryHistory, listenerSet, parsePath } from './history';
import type { LazyRoute, RouteMatch, RouteObject } from './match';
import { matchRoutes } from './match';

/** No route of the table takes the address. */
export class NotFoundError extends Error {
  readonly status = 404;
  constructor(pathname: string) {
    super(`no route for ${pathname}`);
    this.name = 'NotFoundError';
  }
}

export interface RouterState {
  /** False until the first address's code has arrived (the boot shell stays until then, main.tsx). */
  initialized: boolean;
  location: Location;
  navigationType: NavigationType;
  matches: readonly RouteMatch[];
  /** A route's code that failed to arrive, or an address no route takes. */
  error: unknown;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
  /** Draw the new address in this task (React's flushSync), not in a transition. */
  flushSync?: boolean;
}

export interface Router {
  readonly routes: readonly RouteObject[];
  readonly state: RouterState;
  /** Called after each change of state; `flushSync` says the change asked to be drawn at once. */
  subscribe(listener: (state: RouterState, flushSync: boolean) => void): () => void;
  /** A path (`/agent/Main?x=1`), a query of the current path (`?tab=refunds`), or a step in history (-1). */
  navigate(to: string | number, options?: NavigateOptions): void;
  createHref(to: string): string;
  /** A route's page, once its code has arrived. */
  componentOf(route: RouteObject): LazyRoute['Component'] | undefined;
  /** The entry's place in this visit's history (0 for the first). */
  readonly historyIndex: number;
}

/**
 * The app's router: the route table over a history. A new address shows once the code of every route it goes through
 * has arrived (each route's `lazy` is fetched once); until then the page before stays, as react-router's data router
 * does. The last navigation wins when several are under way.
 */
export function createRouter(routes: readonly RouteObject[], history: History): Router {
  const loaded = new WeakMap<RouteObject, LazyRoute>();
  const loading = new WeakMap<RouteObject, Promise<LazyRoute>>();
  const listeners = listenerSet<[state: RouterState, flushSync: boolean]>();
  let flushNext = false;
  let pending = 0;

  let state: RouterState = {
    initialized: false,
    location: history.location,
    navigationType: history.action,
    matches: [],
    error: null,
  };

  const set = (next: Partial<RouterState>, flush = false) => {
    state = { ...state, ...next };
    listeners.notify(state, flush);
  };

  const load = (route: RouteObject): Promise<LazyRoute> => {
    let promise = loading.get(route);
    if (!promise && route.lazy) {
      promise = route.lazy().then((module) => {
        loaded.set(route, module);
        return module;
      });
      // A failed fetch is tried again on the next visit of the route.
      promise.catch(() => loading.delete(route));
      loading.set(route, promise);
    }
    return promise ?? Promise.reject(new Error('route has nothing to load'));
  };

  const resolve = () => {
    const location = history.location;
    const navigationType = history.action;
    const matches = matchRoutes(routes, location.pathname);
    const id = ++pending;
    const flush = flushNext;
    flushNext = false;
    if (!matches) {
      const error = new NotFoundError(location.pathname);
      set({ initialized: true, location, navigationType, matches: [], error }, flush);
      return;
    }
    const missing = matches.filter((m) => m.route.lazy && !loaded.has(m.route));
    if (missing.length === 0) {
      set({ initialized: true, location, navigationType, matches, error: null }, flush);
      return;
    }
    Promise.all(missing.map((m) => load(m.route))).then(
      () => {
        if (id === pending) set({ initialized: true, location, navigationType, matches, error: null });
      },
      (error: unknown) => {
        if (id === pending) set({ initialized: true, location, navigationType, matches, error });
      },
    );
  };

  history.listen(resolve);
  resolve();

  return {
    routes,
    get state() {
      return state;
    },
    get historyIndex() {
      return history.index;
    },
    subscribe: listeners.add,
    navigate(to, options = {}) {
      if (typeof to === 'number') {
        history.go(to);
        return;
      }
      const path = resolvePath(to, history.location);
      flushNext = options.flushSync === true;
      if (options.replace) history.replace(path, options.state);
      else history.push(path, options.state);
    },
    createHref: (to) => history.createHref(to),
    componentOf: (route) => loaded.get(route)?.Component,
  };
}

/** An absolute path for `to`: a query alone (`?tab=refunds`) stays on the current path. */
export function resolvePath(to: string, from: Pick<Location, 'pathname'>): string {
  const { pathname, search, hash } = parsePath(
    to.startsWith('?') || to === '' ? `${from.pathname}${to}` : to,
  );
  return `${pathname}${search}${hash}`;
}

/** The app's router: the address in the hash. */
export function createHashRouter(routes: readonly RouteObject[]): Router {
  return createRouter(routes, createHashHistory());
}

/** A router over addresses in memory, for tests. */
export function createMemoryRouter(
  routes: readonly RouteObject[],
  { initialEntries = ['/'] }: { initialEntries?: readonly string[] } = {},
): Router {
  return createRouter(routes, createMemoryHistory(initialEntries));
}
