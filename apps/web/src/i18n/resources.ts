import type { ResourceKey } from 'i18next';
import admin from './locales/admin/cn.json';
import adminAgents from './locales/adminAgents/cn.json';
import adminCatalog from './locales/adminCatalog/cn.json';
import adminContent from './locales/adminContent/cn.json';
import adminReports from './locales/adminReports/cn.json';
import core from './locales/cn.json';
import dashboards from './locales/dashboards/cn.json';
import identity from './locales/identity/cn.json';
import inbox from './locales/inbox/cn.json';
import money from './locales/money/cn.json';
import payout from './locales/payout/cn.json';
import profile from './locales/profile/cn.json';
import shop from './locales/shop/cn.json';

/**
 * Translations live in one file per locale for the shell (`locales/<lng>.json`) and one per feature area
 * (`locales/<area>/<lng>.json`), merged under the area's name: `t('money.recharge.title')`. Separate files keep
 * each area's texts together and let work on different areas proceed without touching the same file.
 */
export const FEATURE_AREAS = [
  'money',
  'identity',
  'shop',
  'payout',
  'profile',
  'inbox',
  'dashboards',
  'admin',
  'adminAgents',
  'adminCatalog',
  'adminContent',
  'adminReports',
] as const;

/** The default locale, bundled with the app. */
export const cnResources = {
  ...core,
  money,
  identity,
  shop,
  payout,
  profile,
  inbox,
  dashboards,
  admin,
  adminAgents,
  adminCatalog,
  adminContent,
  adminReports,
};
export type TranslationResources = typeof cnResources;

const lazyFiles = import.meta.glob<{ default: Record<string, unknown> }>([
  './locales/*.json',
  './locales/*/*.json',
  '!./locales/cn.json',
  '!./locales/*/cn.json',
]);

/** Loads and merges one locale's shell and feature files. */
export async function loadLocale(language: string): Promise<ResourceKey> {
  const load = lazyFiles[`./locales/${language}.json`];
  if (!load) return {};
  const merged: Record<string, unknown> = { ...(await load()).default };
  for (const area of FEATURE_AREAS) {
    const loadArea = lazyFiles[`./locales/${area}/${language}.json`];
    merged[area] = loadArea ? (await loadArea()).default : {};
  }
  return merged as ResourceKey;
}
