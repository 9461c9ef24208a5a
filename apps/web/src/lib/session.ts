import { AGENT_LEVELS, AGENT_STATUSES, MONEY_PATTERN } from '@promoter/contract';
import type { TAgentUser, TPlayer, TWxUserInfo } from '@promoter/contract';
import { env } from '../config/env';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { bindStore } from '../stores/bind-store';
import {
  anInteger,
  aNumber,
  aString,
  matching,
  nonEmptyString,
  nullable,
  objectOf,
  oneOf,
  optional,
  withDefault,
} from './guards';
import { persistFields } from './storage';
import { parseUserAgent } from './user-agent';
import type { UserAgentRecord } from './user-agent';

/**
 * Session state of SPEC section 3. Kept in local storage: user, token, userAgent, player, wxUserInfo,
 * unionId, and the expiry time; held in memory only: isUserSigninWithAuth0, parentId, mobileLogin.
 * Authenticated means: a token, and now earlier than the expiry.
 */
export interface SessionState {
  token: string | null;
  user: TAgentUser | null;
  player: TPlayer | null;
  userAgent: UserAgentRecord | null;
  wxUserInfo: TWxUserInfo | null;
  unionId: string | null;
  /** Epoch milliseconds; the session counts as signed in while now < expiresAt. */
  expiresAt: number | null;
  isUserSigninWithAuth0: boolean;
  /** The inviting agent of a sign-up, when known. */
  parentId: number | null;
  /** Set when the login answered 1001 (no game account yet): the player came from a mobile login. */
  mobileLogin: boolean;
}

/*
 * The guards of what is kept, written from the contract's types (ZAgentUser, ZPlayer, ZWxUserInfo): a field added to
 * or changed in one of them fails to compile here until its guard follows.
 */
const aMoney = matching(MONEY_PATTERN);

const agentUser = objectOf<TAgentUser>({
  agentId: anInteger,
  playerId: anInteger,
  nickname: aString,
  avatar: aString,
  level: oneOf(AGENT_LEVELS),
  status: oneOf(AGENT_STATUSES),
  balance: aMoney,
  // A user kept before `owed` existed (decision 043) loads with the contract's default (ZAgentUser's, decision 047).
  owed: withDefault(aMoney, '0.00'),
  diamonds: anInteger,
  todayProfit: aMoney,
  todayDiamonds: anInteger,
  mobile: nullable(aString),
  parentId: nullable(anInteger),
  inviteUrl: aString,
});

const player = objectOf<TPlayer>({
  playerId: anInteger,
  nickname: aString,
  avatar: aString,
  agentId: nullable(anInteger),
  diamonds: anInteger,
  mobile: nullable(aString),
});

const wxUserInfo = objectOf<TWxUserInfo>({
  openid: aString,
  unionid: aString,
  nickname: aString,
  headimgurl: aString,
  sex: optional(anInteger),
  province: optional(aString),
  city: optional(aString),
  country: optional(aString),
});

const userAgentRecord = objectOf<UserAgentRecord>({ platform: aString, version: aString, playerId: aString });

/** Everything of the signed-in account: what sign-out clears. */
const signedOut = {
  token: null,
  user: null,
  player: null,
  wxUserInfo: null,
  unionId: null,
  expiresAt: null,
  isUserSigninWithAuth0: false,
  parentId: null,
  mobileLogin: false,
} satisfies Omit<SessionState, 'userAgent'>;

const initial: SessionState = {
  ...signedOut,
  // The browser tells its own agent on each visit; the stored record stands in when it does not.
  userAgent: typeof navigator === 'undefined' ? null : parseUserAgent(navigator.userAgent),
};

/** A zustand store; the persisted fields keep their keys of old (`promoter.token`, `promoter.user`, ...). */
export const useSessionStore = create<SessionState>()(
  persist(
    () => initial,
    persistFields(initial, {
      token: { key: 'token', guard: nullable(nonEmptyString) },
      user: { key: 'user', guard: nullable(agentUser) },
      player: { key: 'player', guard: nullable(player) },
      userAgent: { key: 'userAgent', guard: nullable(userAgentRecord), preferInitial: true },
      wxUserInfo: { key: 'wxUserInfo', guard: nullable(wxUserInfo) },
      unionId: { key: 'unionId', guard: nullable(aString) },
      expiresAt: { key: 'expiresAt', guard: nullable(aNumber) },
    }),
  ),
);

export const sessionStore = bindStore(useSessionStore);

export function isAuthenticated(state: Pick<SessionState, 'token' | 'expiresAt'>, now = Date.now()): boolean {
  return state.token !== null && state.expiresAt !== null && now < state.expiresAt;
}

/**
 * Whether someone is signed in, as a boolean read from the store: each signed-in call moves the expiry (`touch`),
 * and a component reading the expiry itself would render again after every answer.
 */
export function useIsAuthenticated(): boolean {
  return sessionStore.use((s) => isAuthenticated(s));
}

function freshExpiry(now = Date.now()): number {
  return now + env.sessionTtlMs;
}

export const session = {
  get: sessionStore.get,

  /** An agent signed in (isAgent true): token and user are kept, any player record is dropped. */
  signInAgent(token: string, user: TAgentUser | undefined): void {
    sessionStore.set({
      token,
      user: user ?? null,
      player: null,
      expiresAt: freshExpiry(),
      parentId: user?.parentId ?? null,
      mobileLogin: false,
    });
  },

  /** A player that is not an agent signed in: token and player are kept. */
  signInPlayer(token: string, player: TPlayer | undefined): void {
    sessionStore.set({
      token,
      user: null,
      player: player ?? null,
      expiresAt: freshExpiry(),
      mobileLogin: false,
    });
  },

  /** getUser's answer; the same figures as kept change nothing (no store write, no component renders again). */
  setUser(user: TAgentUser): void {
    const kept = sessionStore.get();
    if (kept.parentId === user.parentId && kept.user && JSON.stringify(kept.user) === JSON.stringify(user))
      return;
    sessionStore.set({ user, parentId: user.parentId });
  },

  markMobileLogin(): void {
    sessionStore.set({ mobileLogin: true });
  },

  /** Sessions slide on the server; each successful signed-in call moves the local expiry too. */
  touch(): void {
    const { token } = sessionStore.get();
    if (token) sessionStore.set({ expiresAt: freshExpiry() });
  },

  /** Sign-out or an expired session: everything of the account goes; the browser's agent record stays. */
  clear(): void {
    sessionStore.set(signedOut);
  },

  /** The player id the shop's `uid` header carries: the signed-in player's, or the agent's own player. */
  playerId(): number | null {
    const { player, user } = sessionStore.get();
    return player?.playerId ?? user?.playerId ?? null;
  },
};
