import type { TranslationKey } from '../i18n/keys';
import type { DashboardName } from './paths';

/** The title of each template dashboard: its route's title, its sidebar label and its heading. */
export const DASHBOARD_TITLES: Readonly<Record<DashboardName, TranslationKey>> = {
  ecommerce: 'nav.dashboards.ecommerce',
  'web-analytics': 'nav.dashboards.webAnalytics',
  magazine: 'nav.dashboards.magazine',
  news: 'nav.dashboards.news',
  agency: 'nav.dashboards.agency',
  saas: 'nav.dashboards.saas',
};
