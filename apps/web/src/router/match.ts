import type { ComponentType, ReactNode } from 'react';

/** What a lazy route's module gives the router: the page (or layout) to draw. */
export interface LazyRoute {
  Component: ComponentType;
}

/**
 * One route of the table (the shape of react-router's route objects, the part the app uses). A route with `children`
 * and no `path` is a layout: it matches when one of its children does and draws them in its `<Outlet />`.
 */
export interface RouteObject {
  /** `/agent/Main`, `/admin/agents/:agentId`, `*`; relative paths are joined to the parent's. */
  path?: string;
  /** Letter case counts (SPEC section 2: `/agent/Main`); otherwise it does not. */
  caseSensitive?: boolean;
  /** The parent's own address, as a child (`<Route index>`). */
  index?: boolean;
  /** What the app reads about the route (app/route-handle.ts). */
  handle?: unknown;
  element?: ReactNode;
  /** The route's code, fetched before the route shows (the page stays until it has arrived). */
  lazy?: () => Promise<LazyRoute>;
  /** Drawn instead of the route when it, or a route inside it, fails. */
  errorElement?: ReactNode;
  /** Drawn while the first address's code is on its way. */
  hydrateFallbackElement?: ReactNode;
  children?: RouteObject[];
}

export interface RouteMatch {
  route: RouteObject;
  /** The `:name` segments of the address, decoded. */
  params: Readonly<Record<string, string>>;
  /** The part of the address the route matched. */
  pathname: string;
}

function joinPaths(parent: string, path: string): string {
  if (path.startsWith('/')) return path;
  return `${parent.replace(/\/+$/, '')}/${path}`;
}

function segmentsOf(pathname: string): string[] {
  return pathname.split('/').filter(Boolean);
}

/** The params of `pattern` in `pathname` when the whole address matches; null otherwise. */
export function matchPath(
  pattern: string,
  pathname: string,
  caseSensitive = false,
): Record<string, string> | null {
  const wanted = segmentsOf(pattern);
  const given = segmentsOf(pathname);
  const params: Record<string, string> = {};
  for (const [i, part] of wanted.entries()) {
    if (part === '*') {
      params['*'] = given.slice(i).map(decodeURIComponent).join('/');
      return params;
    }
    const value = given[i];
    if (value === undefined) return null;
    if (part.startsWith(':')) {
      params[part.slice(1)] = decodeURIComponent(value);
      continue;
    }
    const same = caseSensitive ? part === value : part.toLowerCase() === value.toLowerCase();
    if (!same) return null;
  }
  return given.length === wanted.length ? params : null;
}

/**
 * The routes an address goes through, outermost first; null when none matches. The first route of the table that
 * matches wins (the table is written in that order: redirects first, `*` last), not react-router's ranking.
 */
export function matchRoutes(
  routes: readonly RouteObject[],
  pathname: string,
  parentPath = '/',
): RouteMatch[] | null {
  for (const route of routes) {
    const own = route.index
      ? parentPath
      : route.path === undefined
        ? parentPath
        : joinPaths(parentPath, route.path);
    if (route.children?.length) {
      const inner = matchRoutes(route.children, pathname, own);
      const [first] = inner ?? [];
      const last = inner?.[inner.length - 1];
      if (inner && first && last) {
        return [
          { route, params: last.params, pathname: route.path === undefined ? first.pathname : own },
          ...inner,
        ];
      }
    }
    if (route.path === undefined && !route.index) continue;
    const params = matchPath(own, pathname, route.caseSensitive);
    if (params) return [{ route, params, pathname }];
  }
  return null;
}
