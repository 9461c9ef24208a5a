import { createHashRouter, Navigate } from 'react-router';
import type { RouteObject } from 'react-router';
import { DASHBOARDS, paths, redirects } from '../config/paths';
import type { DashboardName, LayoutName, RoutePath } from '../config/paths';
import type { TranslationKey } from '../i18n/keys';
import { MobileLayout } from './layouts/mobile-layout';
import { lazyPage } from './lazy-page';
import { Root } from './root';
import type { RouteHandle } from './route-handle';
import { RouteError } from './route-error';
import { NotAvailableRoute } from './routes/not-available-route';
import { NotFoundRoute } from './routes/not-found-route';
import { BootFallback } from './boot-fallback';

// ---- layouts and pages, split per route so a phone loads only what it opens ----------------------
// (the game's login link lands on a mobile page and never pays for the admin frame).

const defaultLayout = lazyPage(
  () => import('./layouts/default-layout'),
  (m) => m.DefaultLayout,
);
const boxedLayout = lazyPage(
  () => import('./layouts/boxed-layout'),
  (m) => m.BoxedLayout,
);
const boxedV2Layout = lazyPage(
  () => import('./layouts/boxed-v2-layout'),
  (m) => m.BoxedV2Layout,
);
const horizontalLayout = lazyPage(
  () => import('./layouts/horizontal-layout'),
  (m) => m.HorizontalLayout,
);
const miniLayout = lazyPage(
  () => import('./layouts/mini-layout'),
  (m) => m.MiniLayout,
);

// ---- pages

const loginPage = lazyPage(
  () => import('../features/auth/pages/login-page'),
  (m) => m.LoginPage,
);
const agentMainPage = lazyPage(
  () => import('../features/agent/pages/agent-main-page'),
  (m) => m.AgentMainPage,
);
const bindAgentPage = lazyPage(
  () => import('../features/agent/pages/bind-agent-page'),
  (m) => m.BindAgentPage,
);
const guideSetupPage = lazyPage(
  () => import('../features/agent/pages/guide-setup-page'),
  (m) => m.GuideSetupPage,
);
const agentIndexPage = lazyPage(
  () => import('../features/agent/pages/agent-index-page'),
  (m) => m.AgentIndexPage,
);
const dashboardPage = lazyPage(
  () => import('../features/dashboard/pages/dashboard-page'),
  (m) => m.DashboardPage,
);
const cartPage = lazyPage(
  () => import('../features/ecommerce/pages/cart-page'),
  (m) => m.CartPage,
);

const signedIn = (titleKey: TranslationKey): RouteHandle => ({ requiresAuth: true, titleKey });
const open = (titleKey: TranslationKey): RouteHandle => ({ titleKey });

/** A screen that a later issue builds. */
function later(path: Pick<RoutePath, 'path'>, handle: RouteHandle): RouteObject {
  return { path: path.path, handle, element: <NotAvailableRoute /> };
}

const DASHBOARD_TITLES: Record<DashboardName, TranslationKey> = {
  ecommerce: 'nav.dashboards.ecommerce',
  'web-analytics': 'nav.dashboards.webAnalytics',
  magazine: 'nav.dashboards.magazine',
  news: 'nav.dashboards.news',
  agency: 'nav.dashboards.agency',
  saas: 'nav.dashboards.saas',
};

/** The six dashboards and the cart of one layout, all needing sign-in. */
function layoutChildren(layout: LayoutName): RouteObject[] {
  const layoutPaths = paths.layouts[layout];
  return [
    ...DASHBOARDS.map((name) => ({
      path: layoutPaths.dashboard[name].path,
      handle: signedIn(DASHBOARD_TITLES[name]),
      lazy: dashboardPage,
    })),
    { path: layoutPaths.cart.path, handle: signedIn('nav.cart'), lazy: cartPage },
  ];
}

export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteError />,
    // The first page's code may still be loading when the router starts.
    hydrateFallbackElement: <BootFallback />,
    children: [
      ...redirects.map((r) => ({
        path: r.from.path,
        caseSensitive: r.caseSensitive,
        element: <Navigate to={r.to} replace />,
      })),

      { lazy: defaultLayout, children: layoutChildren('default') },
      { lazy: boxedLayout, children: layoutChildren('boxed') },
      {
        lazy: boxedV2Layout,
        children: [
          {
            path: paths.agent.main.path,
            caseSensitive: true,
            handle: signedIn('nav.agentMain'),
            lazy: agentMainPage,
          },
          ...layoutChildren('boxed-v2'),
        ],
      },
      { lazy: horizontalLayout, children: layoutChildren('horizontal') },
      { lazy: miniLayout, children: layoutChildren('mini') },

      {
        element: <MobileLayout />,
        children: [
          // Agent and session routes needing sign-in (SPEC section 2, first table).
          later(paths.agent.treeview, signedIn('nav.treeview')),
          later(paths.users.userProfile, signedIn('nav.userProfile')),
          later(paths.agent.userRecharge, signedIn('nav.userRecharge')),
          later(paths.agent.withdraw, signedIn('nav.withdraw')),
          later(paths.agent.withdrawApply, signedIn('nav.withdrawApply')),
          later(paths.agent.withdrawList, signedIn('nav.withdrawList')),
          later(paths.agent.childTree, signedIn('nav.childTree')),
          later(paths.agent.currencyList, signedIn('nav.currencyList')),
          later(paths.agent.currencyDetail, signedIn('nav.currencyDetail')),
          later(paths.agent.priceList, signedIn('nav.priceList')),
          later(paths.agent.mineRecharge, signedIn('nav.mineRecharge')),
          later(paths.agent.queryOrder, signedIn('nav.queryOrder')),
          later(paths.agent.setChild, signedIn('nav.setChild')),
          later(paths.session.updatePassword, signedIn('nav.updatePassword')),
          // Template links of the user menu.
          later(paths.inbox, signedIn('nav.inbox')),
          later(paths.users.usersList, signedIn('nav.usersList')),

          // Routes without the sign-in flag (second table).
          later(paths.callback, open('nav.callback')),
          later(paths.session.signUp, open('nav.signUp')),
          { path: paths.session.login.path, handle: open('nav.login'), lazy: loginPage },
          later(paths.session.loginWx, open('nav.loginWx')),
          later(paths.session.lockScreen, open('nav.lockScreen')),
          later(paths.session.forgotPassword, open('nav.forgotPassword')),
          later(paths.session.resetPassword, open('nav.resetPassword')),
          { path: paths.agent.bindAgent.path, handle: open('nav.bindAgent'), lazy: bindAgentPage },
          later(paths.agent.agentInfo, open('nav.agentInfo')),
          { path: paths.agent.guideSetup.path, handle: open('nav.guideSetup'), lazy: guideSetupPage },
          later(paths.agent.transferAgent, open('nav.transferAgent')),
          { path: paths.agent.index.path, handle: open('nav.agentIndex'), lazy: agentIndexPage },
          later(paths.agent.help, open('nav.help')),
          later(paths.agent.agentDesc, open('nav.agentDesc')),

          { path: '*', handle: open('errors.notFoundTitle'), element: <NotFoundRoute /> },
        ],
      },
    ],
  },
];

export const router = createHashRouter(routes);
