import type { AgentLevel } from '@promoter/contract';

/**
 * SPEC section 3 keeps two readings of an agent's level, and both are kept here:
 *
 * 1. The level labels: 1 diamond (钻石), 2 gold (黄金), 3 silver (白银), followed by the word for promoter.
 *    This is the level the server stores and prices by. Shown in the header (`header-level`), on the
 *    main page and on the dashboards.
 * 2. The header's local title list: gold, silver, ordinary promoter (金牌 / 银牌 / 普通推广员), read as a
 *    rank title by position: the top level gets the first title. Shown as the subtitle of the sidebar's
 *    user block and of the user menu, never instead of the level label.
 */
export function levelLabelKey(level: AgentLevel): `level.${AgentLevel}` {
  return `level.${level}`;
}

/** The local title list, in order: gold, silver, ordinary promoter. */
export const LOCAL_TITLE_KEYS = ['title.gold', 'title.silver', 'title.ordinary'] as const;

export function localTitleKey(level: AgentLevel): (typeof LOCAL_TITLE_KEYS)[number] {
  return LOCAL_TITLE_KEYS[level - 1] ?? 'title.ordinary';
}
