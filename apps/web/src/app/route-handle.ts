import type { UIMatch } from '../router';
import type { TranslationKey } from '../i18n/keys';

/** What each route declares about itself: the sign-in flag of SPEC section 2 and its title. */
export interface RouteHandle {
  requiresAuth?: boolean;
  /** A page of the agent's own (its figures, players, money): a signed-in player is told how to become one. */
  agentsOnly?: boolean;
  titleKey?: TranslationKey;
  /** A title that depends on the address's query (the balance's flow and the diamonds' share a page). */
  titleOf?: (query: URLSearchParams) => TranslationKey | undefined;
}

export function handleOf(match: UIMatch): RouteHandle {
  const handle = match.handle;
  return handle && typeof handle === 'object' ? (handle as RouteHandle) : {};
}

/** The title of the innermost route that names one, for the address's query; the brand otherwise. */
export function titleKeyOf(matches: readonly UIMatch[], query: URLSearchParams): TranslationKey {
  for (const handle of [...matches].reverse().map(handleOf)) {
    const key = handle.titleOf?.(query) ?? handle.titleKey;
    if (key) return key;
  }
  return 'app.brand';
}
