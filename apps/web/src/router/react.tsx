import type { AnchorHTMLAttributes, ErrorInfo, MouseEvent, ReactNode, Ref } from 'react';
import {
  Component,
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { flushSync } from 'react-dom';
import type { Location, NavigationType } from './history';
import type { RouteMatch, RouteObject } from './match';
import type { NavigateOptions, Router, RouterState } from './router';
import { createMemoryRouter, resolvePath } from './router';

interface RouterContextValue {
  router: Router;
  state: RouterState;
}

/** Where a route is drawn: its place among the matches and what its `<Outlet />` draws. */
interface RouteContextValue {
  index: number;
  outlet: ReactNode;
}

const RouterContext = createContext<RouterContextValue | null>(null);
const RouteContext = createContext<RouteContextValue>({ index: -1, outlet: null });
const RouteErrorContext = createContext<unknown>(null);

function useRouterContext(): RouterContextValue {
  const value = useContext(RouterContext);
  if (!value) throw new Error('a router hook was used outside the router');
  return value;
}

/**
 * The router's state as React draws it: a new address is drawn in a transition (React yields to input while it builds
 * the page; the page before stays until the new one is ready), or at once when the navigation asked (`flushSync`).
 */
function useRouterState(router: Router): RouterState {
  const [state, setState] = useState(router.state);
  useEffect(() => {
    const stop = router.subscribe((next, flush) => {
      if (flush) flushSync(() => setState(next));
      else startTransition(() => setState(next));
    });
    // A change between the first render and this effect.
    startTransition(() => setState(router.state));
    return stop;
  }, [router]);
  return state;
}

interface BoundaryProps {
  location: Location;
  fallback: ReactNode;
  children: ReactNode;
}

/** A route's error element for a page that throws while drawing; a new address tries the page again. */
class RouteErrorBoundary extends Component<BoundaryProps, { error: unknown; location: Location }> {
  constructor(props: BoundaryProps) {
    super(props);
    this.state = { error: null, location: props.location };
  }

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { error: unknown; location: Location }) {
    return props.location === state.location ? null : { error: null, location: props.location };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('route failed to render', error, info.componentStack);
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    return (
      <RouteErrorContext.Provider value={this.state.error}>{this.props.fallback}</RouteErrorContext.Provider>
    );
  }
}

function routeElement(router: Router, route: RouteObject): ReactNode {
  if (route.element !== undefined) return route.element;
  const Page = router.componentOf(route);
  return Page ? <Page /> : <Outlet />;
}

/** The matched routes, each in its parent's `<Outlet />`; a failed route's nearest error element in its place. */
function renderMatches(router: Router, state: RouterState): ReactNode {
  const { matches, error, location } = state;
  if (matches.length === 0) {
    const fallback = router.routes.find((route) => route.errorElement)?.errorElement ?? null;
    return <RouteErrorContext.Provider value={error}>{fallback}</RouteErrorContext.Provider>;
  }
  let failedAt = -1;
  if (error !== null) {
    matches.forEach((match: RouteMatch, index) => {
      if (match.route.errorElement !== undefined) failedAt = index;
    });
  }
  let outlet: ReactNode = null;
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const route = matches[index]?.route;
    if (!route || (failedAt >= 0 && index > failedAt)) continue;
    let element =
      index === failedAt ? (
        <RouteErrorContext.Provider value={error}>{route.errorElement}</RouteErrorContext.Provider>
      ) : (
        routeElement(router, route)
      );
    element = <RouteContext.Provider value={{ index, outlet }}>{element}</RouteContext.Provider>;
    if (route.errorElement !== undefined && index !== failedAt) {
      element = (
        <RouteErrorBoundary location={location} fallback={route.errorElement}>
          {element}
        </RouteErrorBoundary>
      );
    }
    outlet = element;
  }
  return outlet;
}

/** Draws the router's routes for its address. */
export function RouterProvider({ router }: { router: Router }) {
  const state = useRouterState(router);
  const value = useMemo(() => ({ router, state }), [router, state]);
  const content = state.initialized
    ? renderMatches(router, state)
    : (router.routes.find((route) => route.hydrateFallbackElement)?.hydrateFallbackElement ?? null);
  return <RouterContext.Provider value={value}>{content}</RouterContext.Provider>;
}

/** For tests: the router's hooks over addresses in memory, around any screen (no route table). */
export function MemoryRouter({
  initialEntries,
  children,
}: {
  initialEntries?: readonly string[];
  children: ReactNode;
}) {
  const [router] = useState(() => createMemoryRouter([{ path: '*' }], { initialEntries }));
  const state = useRouterState(router);
  const value = useMemo(() => ({ router, state }), [router, state]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

export function useLocation(): Location {
  return useRouterContext().state.location;
}

export function useNavigationType(): NavigationType {
  return useRouterContext().state.navigationType;
}

export type NavigateFunction = (to: string | number, options?: NavigateOptions) => void;

export function useNavigate(): NavigateFunction {
  const { router } = useRouterContext();
  return useCallback<NavigateFunction>((to, options) => router.navigate(to, options), [router]);
}

type SearchParamsInit = URLSearchParams | string | Record<string, string> | [string, string][];

/** The address's query, and a way to change it (a new entry, or the same one with `replace`). */
export function useSearchParams(): [
  URLSearchParams,
  (
    next: SearchParamsInit | ((current: URLSearchParams) => SearchParamsInit),
    options?: NavigateOptions,
  ) => void,
] {
  const { router, state } = useRouterContext();
  const search = state.location.search;
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback(
    (
      next: SearchParamsInit | ((current: URLSearchParams) => SearchParamsInit),
      options?: NavigateOptions,
    ) => {
      const value =
        typeof next === 'function' ? next(new URLSearchParams(router.state.location.search)) : next;
      router.navigate(`?${new URLSearchParams(value).toString()}`, options);
    },
    [router],
  );
  return [params, setParams];
}

/** The `:name` segments of the address, for the route drawing the caller. */
export function useParams(): Readonly<Record<string, string>> {
  const { state } = useRouterContext();
  const { index } = useContext(RouteContext);
  const match = index >= 0 ? state.matches[index] : state.matches[state.matches.length - 1];
  return match?.params ?? {};
}

/** A matched route as the app reads it (app/route-handle.ts). */
export interface UIMatch {
  pathname: string;
  params: Readonly<Record<string, string>>;
  handle: unknown;
}

export function useMatches(): readonly UIMatch[] {
  const { matches } = useRouterContext().state;
  return useMemo(
    () => matches.map(({ pathname, params, route }) => ({ pathname, params, handle: route.handle })),
    [matches],
  );
}

/** What the route's `<Outlet />` would draw: the child route's page. */
export function useOutlet(): ReactNode {
  return useContext(RouteContext).outlet;
}

export function Outlet() {
  return <>{useOutlet()}</>;
}

/** The error an error element is drawn for. */
export function useRouteError(): unknown {
  return useContext(RouteErrorContext);
}

export interface LinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  to: string;
  /** Replace the current entry instead of adding one (a link to the page already shown always replaces). */
  replace?: boolean;
  state?: unknown;
  ref?: Ref<HTMLAnchorElement>;
}

/** A link to a page of the app: a real `<a href="#/…">` (a new tab works), a navigation on a plain click. */
export function Link({ to, replace, state: linkState, onClick, target, ...rest }: LinkProps) {
  const { router, state } = useRouterContext();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const plain = event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;
    if (event.defaultPrevented || !plain || (target && target !== '_self')) return;
    event.preventDefault();
    const { pathname, search, hash } = state.location;
    router.navigate(path, { replace: replace ?? `${pathname}${search}${hash}` === path, state: linkState });
  };
  const path = resolvePath(to, state.location);
  return <a {...rest} href={router.createHref(path)} target={target} onClick={handleClick} />;
}

/** Goes to `to` once drawn (a redirect). */
export function Navigate({ to, replace, state }: { to: string; replace?: boolean; state?: unknown }) {
  const navigate = useNavigate();
  useEffect(() => navigate(to, { replace, state }), [navigate, to, replace, state]);
  return null;
}
