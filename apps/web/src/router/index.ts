/**
 * The app's router (decision 052): hash addresses, a route table with lazy pages, handles and error elements, and the
 * hooks the pages use, in the names react-router gave them. About 3 KB where react-router's data router was 29 KB.
 */
export type { History, Location, NavigationType } from './history';
export { createHashHistory, createMemoryHistory } from './history';
export type { LazyRoute, RouteMatch, RouteObject } from './match';
export { matchPath, matchRoutes } from './match';
export type { NavigateOptions, Router, RouterState } from './router';
export { createHashRouter, createMemoryRouter, createRouter, NotFoundError } from './router';
export type { LinkProps, NavigateFunction, UIMatch } from './react';
export {
  Link,
  MemoryRouter,
  Navigate,
  Outlet,
  RouterProvider,
  useLocation,
  useMatches,
  useNavigate,
  useNavigationType,
  useOutlet,
  useParams,
  useRouteError,
  useSearchParams,
} from './react';
