import type { DashboardName } from '../config/paths';
import type { FeatureArea } from '../i18n/resources';
import type { LazyRoute } from '../router';
import { muiPage, withTexts } from './lazy-page';

const DASHBOARD_AREAS: readonly FeatureArea[] = ['dashboards'];

/**
 * The template's six dashboards (a chunk each: their charts, recharts, load with them only) and its cart, drawn with
 * MUI, in a module of their own like the console's pages (console-pages.ts): never on the agent's path.
 */
export const templatePages: Readonly<Record<DashboardName | 'cart', () => Promise<LazyRoute>>> = {
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
  cart: muiPage(
    () => import('../features/ecommerce/pages/cart-page'),
    (m) => m.CartPage,
  ),
};
