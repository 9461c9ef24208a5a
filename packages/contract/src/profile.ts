import { z } from 'zod';
import { call } from './call-def';
import { ZEmpty, ZInt, ZIsoDate, ZPage, ZPageQuery, ZText } from './common';
import { ZAgentLevel } from './enums';

/**
 * The agent's own profile, its signed-in devices and its bound players (decision 021): the
 * `/users/user-profile` and `/users/users-list` screens.
 */

// ---- the profile ------------------------------------------------------------------------------------------------

/** What getUser does not say of the agent: since when it is one, who is above it, how many are below. */
export const ZAgentProfile = z.object({
  agentId: z.number().int(),
  /** When the player became an agent. */
  createdAt: ZIsoDate,
  /** The agent above (null for an agent at the top of its line). */
  parent: z
    .object({
      agentId: z.number().int(),
      nickname: z.string(),
      avatar: z.string(),
      level: ZAgentLevel,
    })
    .nullable(),
  /** Players bound to this agent directly. */
  boundPlayers: z.number().int(),
  /** Direct child agents. */
  children: z.number().int(),
});
export type TAgentProfile = z.infer<typeof ZAgentProfile>;

// ---- signed-in devices ------------------------------------------------------------------------------------------

/** At most this many live sessions are listed (the one asking always among them); `total` counts them all. */
export const SESSION_LIST_MAX = 50;

/**
 * A live session of the caller's account, as its owner sees it: never its token nor the token's hash. `id` names
 * it in the list only.
 */
export const ZSignedInSession = z.object({
  id: z.string(),
  createdAt: ZIsoDate,
  /** Moved at most once a minute by use (decision 005). */
  lastSeenAt: ZIsoDate,
  expiresAt: ZIsoDate,
  /** The device it was opened on, read from its browser ("WeChat · Android"); empty when unknown. */
  device: z.string(),
  /** The address it was opened from. */
  address: z.string(),
  /** The session of the request that asked. */
  current: z.boolean(),
});
export type TSignedInSession = z.infer<typeof ZSignedInSession>;

// ---- the bound players ------------------------------------------------------------------------------------------

/** The longest period the players list sums recharges over (a leap year). */
export const BOUND_PLAYERS_MAX_DAYS = 366;
/** The period when none is asked: the last 30 days, today included. */
export const BOUND_PLAYERS_DEFAULT_DAYS = 30;
/** A player id, a mobile or part of a nickname. */
export const BOUND_PLAYER_KEYWORD_MAX = 32;

export const ZBoundPlayerSort = z.enum(['lastRecharge', 'periodDiamonds', 'boundAt']);
export type BoundPlayerSort = z.infer<typeof ZBoundPlayerSort>;

/**
 * A player bound to the caller, with what the caller recharged to it: the mobile in full (the player is the
 * caller's own), no balance.
 */
export const ZBoundPlayer = z.object({
  playerId: z.number().int(),
  nickname: z.string(),
  avatar: z.string(),
  mobile: z.string().nullable(),
  /** When it bound to the caller (null when bound before this was kept). */
  boundAt: ZIsoDate.nullable(),
  /** The caller's last recharge to it, ever (null: never). */
  lastRechargeAt: ZIsoDate.nullable(),
  /** Diamonds the caller recharged to it in the period. */
  periodDiamonds: z.number().int(),
  /** Diamonds the caller recharged to it, ever. */
  totalDiamonds: z.number().int(),
});
export type TBoundPlayer = z.infer<typeof ZBoundPlayer>;

export const profileCalls = {
  agentProfile: call({
    method: 'GET',
    path: 'agent/user/profile',
    auth: 'agent',
    summary:
      'The signed-in agent’s profile beyond getUser: since when, its parent, its players and children counted',
    input: ZEmpty,
    data: ZAgentProfile,
  }),
  sessionList: call({
    method: 'GET',
    path: 'agent/user/sessions',
    auth: 'agent',
    summary: `The live sessions of the caller’s account (the current one marked, at most ${SESSION_LIST_MAX}); no token`,
    input: ZEmpty,
    data: z.object({ list: z.array(ZSignedInSession), total: z.number().int() }),
  }),
  endOtherSessions: call({
    method: 'POST',
    path: 'agent/user/endOtherSessions',
    auth: 'agent',
    summary:
      'Sign out everywhere else: every other live session of the caller’s account is revoked, this one kept',
    input: ZEmpty,
    data: z.object({ revokedSessions: z.number().int() }),
  }),
  boundPlayers: call({
    method: 'GET',
    path: 'agent/user/players',
    auth: 'agent',
    summary:
      'Players bound to the caller, searched by id, mobile or nickname, with the last recharge and the diamonds recharged in the last `days` days (platform time zone), paged',
    input: ZPageQuery.extend({
      keyword: ZText(BOUND_PLAYER_KEYWORD_MAX).optional(),
      /** The period: the last `days` calendar days of the platform's time zone, today included. */
      days: ZInt(1, BOUND_PLAYERS_MAX_DAYS).default(BOUND_PLAYERS_DEFAULT_DAYS),
      sort: ZBoundPlayerSort.default('lastRecharge'),
    }),
    /** `since`: where the period starts; `periodDiamonds`: what every bound player got in it. */
    data: ZPage(ZBoundPlayer).extend({ since: ZIsoDate, periodDiamonds: z.number().int() }),
  }),
} as const;
