/**
 * The feature areas of the texts and how each is fetched (src/i18n/resources.ts, decision 055). A module of its own,
 * without the texts' imports, so that vite.config.ts builds each group's script from these same lists.
 */

/** The areas that come with the shell's texts at start: the session pages'. */
export const START_AREAS = ['identity'] as const;
/** The agent's screens' areas: one script per language (`agent-texts/<lng>.ts`). */
export const AGENT_AREAS = ['money', 'shop', 'payout', 'profile', 'inbox'] as const;
/** Areas only the operator console uses. */
export const ADMIN_AREAS = [
  'admin',
  'adminAgents',
  'adminCatalog',
  'adminContent',
  'adminReports',
  'adminGame',
  'adminRefunds',
  'adminPayouts',
  'adminReconciliation',
] as const;
/** Areas a file each, fetched by the routes that use them, never on the agent's path. */
export const LAZY_AREAS = ['dashboards', ...ADMIN_AREAS] as const;
export const FEATURE_AREAS = [...START_AREAS, ...AGENT_AREAS, ...LAZY_AREAS] as const;
export type FeatureArea = (typeof FEATURE_AREAS)[number];
