import {
  type DehydratedState,
  dehydrate,
  hydrate,
  type Query,
  type QueryClient,
} from '@tanstack/react-query';
import { MONEY_PATTERN } from '@promoter/contract';
import { sessionStore } from '../lib/session';

/**
 * The signed-in account's reads kept in local storage between visits (on a weak phone network, decision 027): the
 * next open of the game's web view shows the figures, lists and dashboards it had at once and refreshes them (a
 * restored read is stale, so every screen asks the server again as it mounts).
 *
 * Only what is worth showing before the answer comes: never a search, an order's status, the sessions, the payout
 * accounts, nor anything of the operator console. The stored copy belongs to one account: another account's
 * sign-in never sees it, and signing out removes it.
 */
export const QUERY_CACHE_KEY = 'promoter.queryCache';
/** Older than this, a stored copy is dropped rather than shown. */
export const QUERY_CACHE_MAX_AGE_MS = 24 * 60 * 60_000;
/** Larger than this, nothing is stored (local storage holds about 5 MB for the whole app). */
const QUERY_CACHE_MAX_CHARS = 1_000_000;
/** Writes are gathered: at most one per second. */
const SAVE_DELAY_MS = 1_000;

/**
 * The first part of each key kept (query-keys.ts). Not the shop's prices nor the options (a fee, a minimum, a
 * switch): what a purchase or a money form is judged by is never shown from an older copy.
 */
const KEPT_ROOTS = new Set([
  'getUser',
  'recentBill',
  'readArticle',
  'children',
  'tree',
  'recentUser',
  'recentTransfers',
  'boundPlayers',
  'agentProfile',
  'bill',
  'withdrawLog',
  'notifications',
  'dashboards',
]);

interface Stored {
  owner: string;
  savedAt: number;
  state: DehydratedState;
}

/** Whose reads these are: the agent, or the player who is not one; null when signed out. */
function currentOwner(): string | null {
  const { token, user, player } = sessionStore.get();
  if (!token) return null;
  if (user) return `agent:${user.agentId}`;
  if (player) return `player:${player.playerId}`;
  return null;
}

const kept = (query: Query) => query.state.status === 'success' && KEPT_ROOTS.has(String(query.queryKey[0]));

/**
 * The kept agent (getUser) as an older version of the app may have written it, checked by hand before it is shown
 * (decision 047: answers are no longer parsed by the client, so nothing else would): a field added since gets the
 * contract's default (`owed`, "0.00", decision 043), and a copy without the figures the first screen reads is left
 * out (the screen asks the server anyway).
 */
function usableUser(data: unknown): boolean {
  if (typeof data !== 'object' || data === null) return false;
  const user = data as Record<string, unknown>;
  user.owed ??= '0.00';
  return (
    Number.isInteger(user.agentId) &&
    Number.isInteger(user.diamonds) &&
    Number.isInteger(user.todayDiamonds) &&
    [user.balance, user.todayProfit, user.owed].every((v) => typeof v === 'string' && MONEY_PATTERN.test(v))
  );
}

const restorable = (query: DehydratedState['queries'][number]) =>
  query.queryKey[0] !== 'getUser' || usableUser(query.state.data);

function read(storage: Storage): Stored | null {
  try {
    const raw = storage.getItem(QUERY_CACHE_KEY);
    return raw ? (JSON.parse(raw) as Stored) : null;
  } catch {
    return null;
  }
}

/** Puts the signed-in account's stored reads back in the cache, before the first screen renders, marked stale. */
export function restoreQueryCache(client: QueryClient, storage: Storage, now = Date.now()): boolean {
  const stored = read(storage);
  const owner = currentOwner();
  if (!stored || owner === null || stored.owner !== owner || now - stored.savedAt > QUERY_CACHE_MAX_AGE_MS) {
    storage.removeItem(QUERY_CACHE_KEY);
    return false;
  }
  try {
    hydrate(client, { ...stored.state, queries: stored.state.queries.filter(restorable) });
    // Shown at once, and asked again by every screen that mounts, however recent the copy (not only after the
    // queries' staleTime): what changed while the app was closed replaces it.
    void client.invalidateQueries({ refetchType: 'none' });
    return true;
  } catch {
    storage.removeItem(QUERY_CACHE_KEY);
    return false;
  }
}

/** Writes the kept reads of the signed-in account as they change; removes them at sign-out. Returns the unsubscribe. */
export function keepQueryCache(client: QueryClient, storage: Storage): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    timer = undefined;
    const owner = currentOwner();
    if (owner === null) {
      storage.removeItem(QUERY_CACHE_KEY);
      return;
    }
    const text = JSON.stringify({
      owner,
      savedAt: Date.now(),
      state: dehydrate(client, { shouldDehydrateQuery: kept }),
    } satisfies Stored);
    try {
      if (text.length <= QUERY_CACHE_MAX_CHARS) storage.setItem(QUERY_CACHE_KEY, text);
      else storage.removeItem(QUERY_CACHE_KEY);
    } catch {
      // Storage full or refused (a private window): the app works without the copy.
      storage.removeItem(QUERY_CACHE_KEY);
    }
  };
  const stopCache = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || timer !== undefined) return;
    timer = setTimeout(save, SAVE_DELAY_MS);
  });
  const stopSession = sessionStore.subscribe((state, before) => {
    if (state.token !== before.token) storage.removeItem(QUERY_CACHE_KEY);
  });
  return () => {
    stopCache();
    stopSession();
    if (timer !== undefined) clearTimeout(timer);
  };
}
