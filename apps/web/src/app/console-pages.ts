import { ADMIN_AREAS } from '../i18n/resources';
import { lazyPage, muiPage, withTexts } from './lazy-page';

/**
 * The operator console's pages and layout (decision 018), in a module of their own: the first screen's script names
 * one fetch for all of them (this module), and this module the fetches of each page and what it imports, so the
 * agent's path does not carry the console's list of scripts to preload (issue 29).
 */
export const consolePages = {
  loginPage: muiPage(
    () => withTexts(ADMIN_AREAS, import('../features/admin/pages/admin-login-page')),
    (m) => m.AdminLoginPage,
  ),
  layout: muiPage(
    () => withTexts(ADMIN_AREAS, import('../features/admin/components/admin-layout')),
    (m) => m.AdminLayout,
  ),
  /** The console's home; recharts comes with it and with nothing else. */
  dashboardPage: lazyPage(
    () => withTexts(ADMIN_AREAS, import('../features/admin/pages/dashboard-page')),
    (m) => m.DashboardPage,
  ),
  withdrawalsPage: lazyPage(
    () => withTexts(ADMIN_AREAS, import('../features/admin/pages/withdrawals-page')),
    (m) => m.WithdrawalsPage,
  ),
  operatorsPage: lazyPage(
    () => withTexts(ADMIN_AREAS, import('../features/admin/pages/operators-page')),
    (m) => m.OperatorsPage,
  ),
  auditPage: lazyPage(
    () => withTexts(ADMIN_AREAS, import('../features/admin/pages/audit-page')),
    (m) => m.AuditPage,
  ),
  settingsPage: lazyPage(
    () => withTexts(ADMIN_AREAS, import('../features/admin/pages/settings-page')),
    (m) => m.SettingsPage,
  ),
  goodsPage: lazyPage(
    () => withTexts(ADMIN_AREAS, import('../features/admin/pages/goods-page')),
    (m) => m.GoodsPage,
  ),
  ordersPage: lazyPage(
    () => withTexts(ADMIN_AREAS, import('../features/admin/pages/orders-page')),
    (m) => m.OrdersPage,
  ),
  contentPage: lazyPage(
    () => withTexts(ADMIN_AREAS, import('../features/admin/pages/content-page')),
    (m) => m.ContentPage,
  ),
  agentsPage: lazyPage(
    () => withTexts(ADMIN_AREAS, import('../features/admin/pages/agents-page')),
    (m) => m.AgentsPage,
  ),
  agentPage: lazyPage(
    () => withTexts(ADMIN_AREAS, import('../features/admin/pages/agent-page')),
    (m) => m.AgentPage,
  ),
  playersPage: lazyPage(
    () => withTexts(ADMIN_AREAS, import('../features/admin/pages/players-page')),
    (m) => m.PlayersPage,
  ),
  playerPage: lazyPage(
    () => withTexts(ADMIN_AREAS, import('../features/admin/pages/player-page')),
    (m) => m.PlayerPage,
  ),
  adjustmentsPage: lazyPage(
    () => withTexts(ADMIN_AREAS, import('../features/admin/pages/adjustments-page')),
    (m) => m.AdjustmentsPage,
  ),
  gameDeliveryPage: lazyPage(
    () => withTexts(ADMIN_AREAS, import('../features/admin/pages/game-delivery-page')),
    (m) => m.GameDeliveryPage,
  ),
  reconciliationPage: lazyPage(
    () => withTexts(ADMIN_AREAS, import('../features/admin/pages/reconciliation-page')),
    (m) => m.ReconciliationPage,
  ),
};
