import type { AgentLevel } from '@promoter/contract';

/**
 * SPEC section 3 keeps two readings of an agent's level, and both are kept here:
 *
 * 1. The level labels: 1 diamond (钻石), 2 gold (黄金), 3 silver (白银), followed by the word for promoter.
 *    This is the level the server stores and prices by. Shown in the header (`header-level`), on the
 *    main page and on the dashboards.
 * 2. The header's local title list: gold, silver, ordinary promoter (金牌 / 银牌 / 普通推广员), read as a
 *    rank title by position: the top level gets the first title.
 *
 * The two readings name the same level differently (level 1 is 钻石推广员 in one, 金牌推广员 in the other), so a
 * screen showing both gave one agent two titles at once (decision 021). Every place that titles the agent (header chip,
 * sidebar user block, user menu, pages) shows reading 1, the level the server stores; reading 2 is kept with its
 * translations for the SPEC's record and is never put on a screen beside reading 1.
 */
export function levelLabelKey(level: AgentLevel): `level.${AgentLevel}` {
  return `level.${level}`;
}

/** The local title list, in order: gold, silver, ordinary promoter. */
export const LOCAL_TITLE_KEYS = ['title.gold', 'title.silver', 'title.ordinary'] as const;

export function localTitleKey(level: AgentLevel): (typeof LOCAL_TITLE_KEYS)[number] {
  return LOCAL_TITLE_KEYS[level - 1] ?? 'title.ordinary';
}
