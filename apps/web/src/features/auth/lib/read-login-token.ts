/**
 * SPEC section 2: the login page reads `token` from the query string or from the part of the hash after
 * '?'. The game opens `…/#/session/login?token=…`; some web views move it before the hash
 * (`…/?token=…#/session/login`). The hash wins when both are present.
 */
export function readLoginToken(location: { search: string; hash: string }): string | null {
  const hashQuery = location.hash.includes('?') ? location.hash.slice(location.hash.indexOf('?') + 1) : '';
  const fromHash = new URLSearchParams(hashQuery).get('token');
  if (fromHash) return fromHash.trim() || null;
  const fromSearch = new URLSearchParams(location.search).get('token');
  return fromSearch ? fromSearch.trim() || null : null;
}

/** The ticket is single-use: once read, it leaves the address bar so a reload or a shared link cannot replay it. */
export function stripTokenFromSearch(): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has('token')) return;
  url.searchParams.delete('token');
  window.history.replaceState(window.history.state, '', url.toString());
}
