import type { UIMatch } from 'react-router';
import type { TranslationKey } from '../i18n/keys';

/** What each route declares about itself: the sign-in flag of SPEC section 2 and its title. */
export interface RouteHandle {
  requiresAuth?: boolean;
  /** A page of the agent's own (its figures, players, money): a signed-in player is told how to become one. */
  agentsOnly?: boolean;
  titleKey?: TranslationKey;
}

export function handleOf(match: UIMatch): RouteHandle {
  const handle = match.handle;
  return handle && typeof handle === 'object' ? (handle as RouteHandle) : {};
}
