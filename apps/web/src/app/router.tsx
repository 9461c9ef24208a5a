import { createHashRouter, Navigate } from '../router';
import type { RouteObject } from '../router';
import { DASHBOARD_TITLES } from '../config/dashboards';
import { DASHBOARDS, paths, redirects } from '../config/paths';
import type { LayoutName } from '../config/paths';
import type { TranslationKey } from '../i18n/keys';
import { MobileLayout } from './layouts/mobile-layout';
import { lazyPage, pageTable, startPage } from './lazy-page';
import { Root } from './root';
import type { RouteHandle } from './route-handle';
import { RouteError } from './route-error';
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

// ---- pages (the login page and those around it show only the first texts: startPage, decision 055)

const loginPage = startPage(
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
const loginWxPage = startPage(
  () => import('../features/auth/pages/login-wx-page'),
  (m) => m.LoginWxPage,
);
const callbackPage = startPage(
  () => import('../features/auth/pages/callback-page'),
  (m) => m.CallbackPage,
);
const lockScreenPage = startPage(
  () => import('../features/auth/pages/lock-screen-page'),
  (m) => m.LockScreenPage,
);
const signUpPage = startPage(
  () => import('../features/identity/pages/sign-up-page'),
  (m) => m.SignUpPage,
);
const updatePasswordPage = lazyPage(
  () => import('../features/identity/pages/update-password-page'),
  (m) => m.UpdatePasswordPage,
);
const forgotPasswordPage = startPage(
  () => import('../features/identity/pages/forgot-password-page'),
  (m) => m.ForgotPasswordPage,
);
const resetPasswordPage = startPage(
  () => import('../features/identity/pages/reset-password-page'),
  (m) => m.ResetPasswordPage,
);
const agentInfoPage = lazyPage(
  () => import('../features/identity/pages/article-pages'),
  (m) => m.AgentInfoPage,
);
const agentDescPage = lazyPage(
  () => import('../features/identity/pages/article-pages'),
  (m) => m.AgentDescPage,
);
const helpPage = lazyPage(
  () => import('../features/identity/pages/article-pages'),
  (m) => m.HelpPage,
);
/** The template's dashboards and cart (MUI, recharts), their pages in template-pages.ts. */
const templatePage = pageTable(() => import('./template-pages').then((m) => m.templatePages));
const treeviewPage = lazyPage(
  () => import('../features/downline/pages/treeview-page'),
  (m) => m.TreeviewPage,
);
const childTreePage = lazyPage(
  () => import('../features/downline/pages/child-tree-page'),
  (m) => m.ChildTreePage,
);
const setChildPage = lazyPage(
  () => import('../features/downline/pages/set-child-page'),
  (m) => m.SetChildPage,
);
const priceListPage = lazyPage(
  () => import('../features/downline/pages/price-list-page'),
  (m) => m.PriceListPage,
);
const mineRechargePage = lazyPage(
  () => import('../features/shop/pages/mine-recharge-page'),
  (m) => m.MineRechargePage,
);
const queryOrderPage = lazyPage(
  () => import('../features/shop/pages/query-order-page'),
  (m) => m.QueryOrderPage,
);
const wechatPayAuthPage = lazyPage(
  () => import('../features/shop/pages/wechat-pay-auth-page'),
  (m) => m.WechatPayAuthPage,
);
const userRechargePage = lazyPage(
  () => import('../features/money/pages/user-recharge-page'),
  (m) => m.UserRechargePage,
);
const transferAgentPage = lazyPage(
  () => import('../features/money/pages/transfer-agent-page'),
  (m) => m.TransferAgentPage,
);
const withdrawPage = lazyPage(
  () => import('../features/money/pages/withdraw-page'),
  (m) => m.WithdrawPage,
);
const withdrawApplyPage = lazyPage(
  () => import('../features/money/pages/withdraw-apply-page'),
  (m) => m.WithdrawApplyPage,
);
const withdrawListPage = lazyPage(
  () => import('../features/money/pages/withdraw-list-page'),
  (m) => m.WithdrawListPage,
);
const currencyListPage = lazyPage(
  () => import('../features/money/pages/currency-list-page'),
  (m) => m.CurrencyListPage,
);
const currencyDetailPage = lazyPage(
  () => import('../features/money/pages/currency-detail-page'),
  (m) => m.CurrencyDetailPage,
);
const userProfilePage = lazyPage(
  () => import('../features/identity/pages/user-profile-page'),
  (m) => m.UserProfilePage,
);
const usersListPage = lazyPage(
  () => import('../features/money/pages/users-list-page'),
  (m) => m.UsersListPage,
);

const inboxPage = lazyPage(
  () => import('../features/inbox/pages/inbox-page'),
  (m) => m.InboxPage,
);

// ---- the operator console (decision 018): its own login, layout and session, its pages in console-pages.ts

const consolePage = pageTable(() => import('./console-pages').then((m) => m.consolePages));

const signedIn = (titleKey: TranslationKey): RouteHandle => ({ requiresAuth: true, titleKey });
/** A page of the agent's own: a signed-in player who is no agent is told how to become one (decision 021). */
const agentPage = (titleKey: TranslationKey): RouteHandle => ({
  requiresAuth: true,
  agentsOnly: true,
  titleKey,
});
const open = (titleKey: TranslationKey): RouteHandle => ({ titleKey });

/** The six dashboards and the cart of one layout, all needing sign-in. */
function layoutChildren(layout: LayoutName): RouteObject[] {
  const layoutPaths = paths.layouts[layout];
  return [
    ...DASHBOARDS.map((name) => ({
      path: layoutPaths.dashboard[name].path,
      handle: agentPage(DASHBOARD_TITLES[name]),
      lazy: templatePage(name),
    })),
    { path: layoutPaths.cart.path, handle: signedIn('nav.cart'), lazy: templatePage('cart') },
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
            handle: agentPage('nav.agentMain'),
            lazy: agentMainPage,
          },
          ...layoutChildren('boxed-v2'),
        ],
      },
      { lazy: horizontalLayout, children: layoutChildren('horizontal') },
      { lazy: miniLayout, children: layoutChildren('mini') },

      // The operator console: the admin layout is its guard (an operator's session, not the agent's).
      { path: paths.admin.login.path, handle: open('admin.login.title'), lazy: consolePage('loginPage') },
      {
        lazy: consolePage('layout'),
        children: [
          {
            path: paths.admin.root.path,
            handle: open('adminReports.nav.dashboard'),
            lazy: consolePage('dashboardPage'),
          },
          {
            path: paths.admin.withdrawals.path,
            handle: open('admin.nav.withdrawals'),
            lazy: consolePage('withdrawalsPage'),
          },
          {
            path: paths.admin.operators.path,
            handle: open('admin.nav.operators'),
            lazy: consolePage('operatorsPage'),
          },
          { path: paths.admin.audit.path, handle: open('admin.nav.audit'), lazy: consolePage('auditPage') },
          {
            path: paths.admin.settings.path,
            handle: open('adminCatalog.nav.settings'),
            lazy: consolePage('settingsPage'),
          },
          {
            path: paths.admin.goods.path,
            handle: open('adminCatalog.nav.goods'),
            lazy: consolePage('goodsPage'),
          },
          {
            path: paths.admin.orders.path,
            handle: open('adminCatalog.nav.orders'),
            lazy: consolePage('ordersPage'),
          },
          {
            path: paths.admin.content.path,
            handle: open('adminContent.nav'),
            lazy: consolePage('contentPage'),
          },
          {
            path: paths.admin.agents.path,
            handle: open('adminAgents.nav.agents'),
            lazy: consolePage('agentsPage'),
          },
          {
            path: paths.admin.agent.path,
            handle: open('adminAgents.nav.agents'),
            lazy: consolePage('agentPage'),
          },
          {
            path: paths.admin.players.path,
            handle: open('adminAgents.nav.players'),
            lazy: consolePage('playersPage'),
          },
          {
            path: paths.admin.player.path,
            handle: open('adminAgents.nav.players'),
            lazy: consolePage('playerPage'),
          },
          {
            path: paths.admin.adjustments.path,
            handle: open('adminAgents.nav.adjustments'),
            lazy: consolePage('adjustmentsPage'),
          },
          {
            path: paths.admin.gameDelivery.path,
            handle: open('adminGame.nav'),
            lazy: consolePage('gameDeliveryPage'),
          },
          {
            path: paths.admin.reconciliation.path,
            handle: open('adminReconciliation.nav'),
            lazy: consolePage('reconciliationPage'),
          },
        ],
      },

      {
        element: <MobileLayout />,
        children: [
          // Agent and session routes needing sign-in (SPEC section 2, first table).
          { path: paths.agent.treeview.path, handle: agentPage('nav.treeview'), lazy: treeviewPage },
          {
            path: paths.users.userProfile.path,
            handle: agentPage('nav.userProfile'),
            lazy: userProfilePage,
          },
          {
            path: paths.agent.userRecharge.path,
            handle: agentPage('nav.userRecharge'),
            lazy: userRechargePage,
          },
          { path: paths.agent.withdraw.path, handle: agentPage('nav.withdraw'), lazy: withdrawPage },
          {
            path: paths.agent.withdrawApply.path,
            handle: agentPage('nav.withdrawApply'),
            lazy: withdrawApplyPage,
          },
          {
            path: paths.agent.withdrawList.path,
            handle: agentPage('nav.withdrawList'),
            lazy: withdrawListPage,
          },
          { path: paths.agent.childTree.path, handle: agentPage('nav.childTree'), lazy: childTreePage },
          {
            path: paths.agent.currencyList.path,
            handle: agentPage('nav.currencyList'),
            lazy: currencyListPage,
          },
          {
            path: paths.agent.currencyDetail.path,
            // The balance's flow (currency 1) is no "diamond details" page (decision 037).
            handle: {
              ...agentPage('nav.currencyDetail'),
              titleOf: (query: URLSearchParams) =>
                query.get('currency') === '1' ? 'nav.balanceDetail' : undefined,
            },
            lazy: currencyDetailPage,
          },
          { path: paths.agent.priceList.path, handle: agentPage('nav.priceList'), lazy: priceListPage },
          {
            path: paths.agent.mineRecharge.path,
            handle: signedIn('nav.mineRecharge'),
            lazy: mineRechargePage,
          },
          { path: paths.agent.queryOrder.path, handle: signedIn('nav.queryOrder'), lazy: queryOrderPage },
          {
            path: paths.agent.wechatPayAuth.path,
            handle: signedIn('nav.wechatPayAuth'),
            lazy: wechatPayAuthPage,
          },
          { path: paths.agent.setChild.path, handle: agentPage('nav.setChild'), lazy: setChildPage },
          {
            path: paths.session.updatePassword.path,
            handle: agentPage('nav.updatePassword'),
            lazy: updatePasswordPage,
          },
          // Template links of the user menu.
          { path: paths.inbox.path, handle: signedIn('nav.inbox'), lazy: inboxPage },
          { path: paths.users.usersList.path, handle: agentPage('nav.usersList'), lazy: usersListPage },

          // Routes without the sign-in flag (second table).
          { path: paths.callback.path, handle: open('nav.callback'), lazy: callbackPage },
          { path: paths.session.signUp.path, handle: open('nav.signUp'), lazy: signUpPage },
          { path: paths.session.login.path, handle: open('nav.login'), lazy: loginPage },
          { path: paths.session.loginWx.path, handle: open('nav.loginWx'), lazy: loginWxPage },
          { path: paths.session.lockScreen.path, handle: open('nav.lockScreen'), lazy: lockScreenPage },
          {
            path: paths.session.forgotPassword.path,
            handle: open('nav.forgotPassword'),
            lazy: forgotPasswordPage,
          },
          {
            path: paths.session.resetPassword.path,
            handle: open('nav.resetPassword'),
            lazy: resetPasswordPage,
          },
          { path: paths.agent.bindAgent.path, handle: open('nav.bindAgent'), lazy: bindAgentPage },
          { path: paths.agent.agentInfo.path, handle: open('nav.agentInfo'), lazy: agentInfoPage },
          { path: paths.agent.guideSetup.path, handle: open('nav.guideSetup'), lazy: guideSetupPage },
          {
            path: paths.agent.transferAgent.path,
            handle: open('nav.transferAgent'),
            lazy: transferAgentPage,
          },
          { path: paths.agent.index.path, handle: open('nav.agentIndex'), lazy: agentIndexPage },
          { path: paths.agent.help.path, handle: open('nav.help'), lazy: helpPage },
          { path: paths.agent.agentDesc.path, handle: open('nav.agentDesc'), lazy: agentDescPage },

          { path: '*', handle: open('errors.notFoundTitle'), element: <NotFoundRoute /> },
        ],
      },
    ],
  },
];

/**
 * The app's router over the address in the hash. Made by `main.tsx` once the browser has painted what index.html drew:
 * making it starts the fetch of the first route's code.
 */
export function createAppRouter() {
  return createHashRouter(routes);
}
