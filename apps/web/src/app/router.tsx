import { createHashRouter, Navigate } from 'react-router';
import type { RouteObject } from 'react-router';
import { DASHBOARD_TITLES } from '../config/dashboards';
import { DASHBOARDS, paths, redirects } from '../config/paths';
import type { DashboardName, LayoutName } from '../config/paths';
import type { TranslationKey } from '../i18n/keys';
import { MobileLayout } from './layouts/mobile-layout';
import { lazyPage, muiPage } from './lazy-page';
import { loadTextAreas } from '../i18n';
import { ADMIN_AREAS, type FeatureArea } from '../i18n/resources';
import { Root } from './root';
import type { RouteHandle } from './route-handle';
import { RouteError } from './route-error';
import { NotFoundRoute } from './routes/not-found-route';
import { BootFallback } from './boot-fallback';

/** A page's module once the texts of its feature areas have arrived too (the agent's path fetches neither). */
async function withTexts<M>(areas: readonly FeatureArea[], load: Promise<M>): Promise<M> {
  const [module] = await Promise.all([load, loadTextAreas(areas)]);
  return module;
}
const DASHBOARD_AREAS: readonly FeatureArea[] = ['dashboards'];

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
const loginWxPage = lazyPage(
  () => import('../features/auth/pages/login-wx-page'),
  (m) => m.LoginWxPage,
);
const callbackPage = lazyPage(
  () => import('../features/auth/pages/callback-page'),
  (m) => m.CallbackPage,
);
const lockScreenPage = lazyPage(
  () => import('../features/auth/pages/lock-screen-page'),
  (m) => m.LockScreenPage,
);
const signUpPage = lazyPage(
  () => import('../features/identity/pages/sign-up-page'),
  (m) => m.SignUpPage,
);
const updatePasswordPage = lazyPage(
  () => import('../features/identity/pages/update-password-page'),
  (m) => m.UpdatePasswordPage,
);
const forgotPasswordPage = lazyPage(
  () => import('../features/identity/pages/forgot-password-page'),
  (m) => m.ForgotPasswordPage,
);
const resetPasswordPage = lazyPage(
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
/** The six dashboards, a chunk each: their charts (recharts) load with them only, never with /agent/Main. */
const dashboardPages: Readonly<Record<DashboardName, ReturnType<typeof lazyPage>>> = {
  ecommerce: muiPage(
    () => withTexts(DASHBOARD_AREAS, import('../features/dashboard/pages/ecommerce-dashboard-page')),
    (m) => m.EcommerceDashboardPage,
  ),
  'web-analytics': muiPage(
    () => withTexts(DASHBOARD_AREAS, import('../features/dashboard/pages/web-analytics-dashboard-page')),
    (m) => m.WebAnalyticsDashboardPage,
  ),
  magazine: muiPage(
    () => withTexts(DASHBOARD_AREAS, import('../features/dashboard/pages/magazine-dashboard-page')),
    (m) => m.MagazineDashboardPage,
  ),
  news: muiPage(
    () => withTexts(DASHBOARD_AREAS, import('../features/dashboard/pages/news-dashboard-page')),
    (m) => m.NewsDashboardPage,
  ),
  agency: muiPage(
    () => withTexts(DASHBOARD_AREAS, import('../features/dashboard/pages/agency-dashboard-page')),
    (m) => m.AgencyDashboardPage,
  ),
  saas: muiPage(
    () => withTexts(DASHBOARD_AREAS, import('../features/dashboard/pages/saas-dashboard-page')),
    (m) => m.SaasDashboardPage,
  ),
};
const cartPage = muiPage(
  () => import('../features/ecommerce/pages/cart-page'),
  (m) => m.CartPage,
);
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

// ---- the operator console (decision 018): its own login, layout and session

const adminLoginPage = muiPage(
  () => withTexts(ADMIN_AREAS, import('../features/admin/pages/admin-login-page')),
  (m) => m.AdminLoginPage,
);
const adminLayout = muiPage(
  () => withTexts(ADMIN_AREAS, import('../features/admin/components/admin-layout')),
  (m) => m.AdminLayout,
);
/** The console's home; recharts comes with it and with nothing else. */
const adminDashboardPage = lazyPage(
  () => withTexts(ADMIN_AREAS, import('../features/admin/pages/dashboard-page')),
  (m) => m.DashboardPage,
);
const adminWithdrawalsPage = lazyPage(
  () => withTexts(ADMIN_AREAS, import('../features/admin/pages/withdrawals-page')),
  (m) => m.WithdrawalsPage,
);
const adminOperatorsPage = lazyPage(
  () => withTexts(ADMIN_AREAS, import('../features/admin/pages/operators-page')),
  (m) => m.OperatorsPage,
);
const adminAuditPage = lazyPage(
  () => withTexts(ADMIN_AREAS, import('../features/admin/pages/audit-page')),
  (m) => m.AuditPage,
);
const adminSettingsPage = lazyPage(
  () => withTexts(ADMIN_AREAS, import('../features/admin/pages/settings-page')),
  (m) => m.SettingsPage,
);
const adminGoodsPage = lazyPage(
  () => withTexts(ADMIN_AREAS, import('../features/admin/pages/goods-page')),
  (m) => m.GoodsPage,
);
const adminOrdersPage = lazyPage(
  () => withTexts(ADMIN_AREAS, import('../features/admin/pages/orders-page')),
  (m) => m.OrdersPage,
);
const adminContentPage = lazyPage(
  () => withTexts(ADMIN_AREAS, import('../features/admin/pages/content-page')),
  (m) => m.ContentPage,
);
const adminAgentsPage = lazyPage(
  () => withTexts(ADMIN_AREAS, import('../features/admin/pages/agents-page')),
  (m) => m.AgentsPage,
);
const adminAgentPage = lazyPage(
  () => withTexts(ADMIN_AREAS, import('../features/admin/pages/agent-page')),
  (m) => m.AgentPage,
);
const adminPlayersPage = lazyPage(
  () => withTexts(ADMIN_AREAS, import('../features/admin/pages/players-page')),
  (m) => m.PlayersPage,
);
const adminPlayerPage = lazyPage(
  () => withTexts(ADMIN_AREAS, import('../features/admin/pages/player-page')),
  (m) => m.PlayerPage,
);
const adminAdjustmentsPage = lazyPage(
  () => withTexts(ADMIN_AREAS, import('../features/admin/pages/adjustments-page')),
  (m) => m.AdjustmentsPage,
);
const adminGameDeliveryPage = lazyPage(
  () => withTexts(ADMIN_AREAS, import('../features/admin/pages/game-delivery-page')),
  (m) => m.GameDeliveryPage,
);
const adminReconciliationPage = lazyPage(
  () => withTexts(ADMIN_AREAS, import('../features/admin/pages/reconciliation-page')),
  (m) => m.ReconciliationPage,
);

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
      lazy: dashboardPages[name],
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
            handle: agentPage('nav.agentMain'),
            lazy: agentMainPage,
          },
          ...layoutChildren('boxed-v2'),
        ],
      },
      { lazy: horizontalLayout, children: layoutChildren('horizontal') },
      { lazy: miniLayout, children: layoutChildren('mini') },

      // The operator console: the admin layout is its guard (an operator's session, not the agent's).
      { path: paths.admin.login.path, handle: open('admin.login.title'), lazy: adminLoginPage },
      {
        lazy: adminLayout,
        children: [
          {
            path: paths.admin.root.path,
            handle: open('adminReports.nav.dashboard'),
            lazy: adminDashboardPage,
          },
          {
            path: paths.admin.withdrawals.path,
            handle: open('admin.nav.withdrawals'),
            lazy: adminWithdrawalsPage,
          },
          { path: paths.admin.operators.path, handle: open('admin.nav.operators'), lazy: adminOperatorsPage },
          { path: paths.admin.audit.path, handle: open('admin.nav.audit'), lazy: adminAuditPage },
          {
            path: paths.admin.settings.path,
            handle: open('adminCatalog.nav.settings'),
            lazy: adminSettingsPage,
          },
          { path: paths.admin.goods.path, handle: open('adminCatalog.nav.goods'), lazy: adminGoodsPage },
          { path: paths.admin.orders.path, handle: open('adminCatalog.nav.orders'), lazy: adminOrdersPage },
          { path: paths.admin.content.path, handle: open('adminContent.nav'), lazy: adminContentPage },
          { path: paths.admin.agents.path, handle: open('adminAgents.nav.agents'), lazy: adminAgentsPage },
          { path: paths.admin.agent.path, handle: open('adminAgents.nav.agents'), lazy: adminAgentPage },
          { path: paths.admin.players.path, handle: open('adminAgents.nav.players'), lazy: adminPlayersPage },
          { path: paths.admin.player.path, handle: open('adminAgents.nav.players'), lazy: adminPlayerPage },
          {
            path: paths.admin.adjustments.path,
            handle: open('adminAgents.nav.adjustments'),
            lazy: adminAdjustmentsPage,
          },
          { path: paths.admin.gameDelivery.path, handle: open('adminGame.nav'), lazy: adminGameDeliveryPage },
          {
            path: paths.admin.reconciliation.path,
            handle: open('adminReconciliation.nav'),
            lazy: adminReconciliationPage,
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

export const router = createHashRouter(routes);
