import type admin from './locales/admin/cn.json';
import type adminAgents from './locales/adminAgents/cn.json';
import type adminCatalog from './locales/adminCatalog/cn.json';
import type adminContent from './locales/adminContent/cn.json';
import type adminGame from './locales/adminGame/cn.json';
import type adminPayouts from './locales/adminPayouts/cn.json';
import type adminReconciliation from './locales/adminReconciliation/cn.json';
import type adminRefunds from './locales/adminRefunds/cn.json';
import type adminReports from './locales/adminReports/cn.json';
import type core from './locales/cn.json';
import type dashboards from './locales/dashboards/cn.json';
import type identity from './locales/identity/cn.json';
import type inbox from './locales/inbox/cn.json';
import type money from './locales/money/cn.json';
import type payout from './locales/payout/cn.json';
import type profile from './locales/profile/cn.json';
import type shop from './locales/shop/cn.json';
import { AGENT_AREAS, type FeatureArea } from './areas';
import type { Texts } from './translator';

/**
 * Translations live in one file per locale for the shell (`locales/<lng>.json`) and one per feature area
 * (`locales/<area>/<lng>.json`), merged under the area's name: `t('money.recharge.title')`. Separate files keep
 * each area's texts together and let work on different areas proceed without touching the same file.
 *
 * None is bundled (decision 022), and one locale is fetched at a time. At start, the shell's texts with the session
 * pages' area (START_AREAS) in one script per locale; the agent's own areas (AGENT_AREAS) in one script per locale,
 * fetched by the routes behind the login page (decision 055), so the login page waits for no text it does not show;
 * the operator console's and the dashboards' areas a file each, fetched by their routes. A route's areas arrive before
 * it shows (`withTexts` in app/lazy-page.ts).
 */
export { ADMIN_AREAS, AGENT_AREAS, FEATURE_AREAS, LAZY_AREAS, START_AREAS } from './areas';
export type { FeatureArea } from './areas';

/** What a language's first texts hold: the shell's keys and START_AREAS's, as the default locale has them. */
export type StartTexts = typeof core & { identity: typeof identity };

/** What a language's agent areas hold (AGENT_AREAS), as the default locale has them. */
export interface AgentAreaTexts {
  money: typeof money;
  shop: typeof shop;
  payout: typeof payout;
  profile: typeof profile;
  inbox: typeof inbox;
}

/** The default locale's shape: every key of every area (the type only; the texts are fetched). */
export type TranslationResources = StartTexts &
  AgentAreaTexts & {
    dashboards: typeof dashboards;
    admin: typeof admin;
    adminAgents: typeof adminAgents;
    adminCatalog: typeof adminCatalog;
    adminContent: typeof adminContent;
    adminReports: typeof adminReports;
    adminGame: typeof adminGame;
    adminRefunds: typeof adminRefunds;
    adminPayouts: typeof adminPayouts;
    adminReconciliation: typeof adminReconciliation;
  };

type Files = Record<string, () => Promise<{ default: Texts }>>;

/**
 * A language's first texts and its agent areas, a module each per language (`start-texts/<lng>.ts`,
 * `agent-texts/<lng>.ts`: their files merged, each checked against the default locale's keys by its type), so the
 * first screen's script names 24 fetches, not one per file. vite.config.ts builds each into one script.
 */
const startTexts = import.meta.glob<{ default: Texts }>('./start-texts/*.ts');
const agentTexts = import.meta.glob<{ default: Texts }>('./agent-texts/*.ts');

/** The lazy areas' files: their table of 120 fetches comes with the first route that needs one, not at start. */
const lazyFiles = (): Promise<Files> => import('./lazy-texts').then((m) => m.lazyTextFiles);

const isAgentArea = (area: FeatureArea): boolean => (AGENT_AREAS as readonly string[]).includes(area);

/** The lazy areas some route has asked for: a language chosen later fetches them too. */
const wantedAreas = new Set<FeatureArea>();

async function loadArea(language: string, area: FeatureArea): Promise<Texts> {
  if (isAgentArea(area)) {
    const load = agentTexts[`./agent-texts/${language}.ts`];
    const texts = load ? (await load()).default[area] : undefined;
    return typeof texts === 'object' ? texts : {};
  }
  const load = (await lazyFiles())[`./locales/${area}/${language}.json`];
  return load ? (await load()).default : {};
}

/** Loads and merges one locale's first texts and the areas already asked for. */
export async function loadLocale(language: string): Promise<Texts> {
  const load = startTexts[`./start-texts/${language}.ts`];
  if (!load) return {};
  const areas = [...wantedAreas];
  const [start, ...texts] = await Promise.all([load(), ...areas.map((area) => loadArea(language, area))]);
  const merged: Texts = { ...start.default };
  areas.forEach((area, i) => (merged[area] = texts[i] ?? {}));
  return merged;
}

/** Each lazy area's first fetch, shared by every route that asks for it. */
const areaLoads = new Map<FeatureArea, Promise<void>>();

/**
 * Fetches lazy areas for every language already loaded and adds them to its texts (a route's loader awaits this
 * before its page shows; `addTexts` is the translator's).
 */
export async function loadAreas(
  areas: readonly FeatureArea[],
  languages: readonly string[],
  addTexts: (language: string, texts: Texts) => void,
): Promise<void> {
  for (const area of areas) {
    if (areaLoads.has(area)) continue;
    wantedAreas.add(area);
    areaLoads.set(
      area,
      Promise.all(
        languages.map(async (language) => addTexts(language, { [area]: await loadArea(language, area) })),
      ).then(() => undefined),
    );
  }
  await Promise.all(areas.map((area) => areaLoads.get(area)));
}
