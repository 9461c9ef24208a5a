/** What a third-party redirect brought back: WeChat's `code` and `state`, or an `error`. */
export interface CallbackParams {
  code: string | null;
  state: string | null;
  error: string | null;
  errorDescription: string | null;
}

/**
 * WeChat appends `code` and `state` to the redirect's real query string, before the hash
 * (`/?code=…&state=…#/session/loginWx`); a link may also carry them in the hash's query. Both are read; the
 * hash wins when both are present.
 */
export function readCallbackParams(location: { search: string; hash: string }): CallbackParams {
  const hashQuery = location.hash.includes('?') ? location.hash.slice(location.hash.indexOf('?') + 1) : '';
  const fromHash = new URLSearchParams(hashQuery);
  const fromSearch = new URLSearchParams(location.search);
  const read = (name: string) => fromHash.get(name)?.trim() || fromSearch.get(name)?.trim() || null;
  return {
    code: read('code'),
    state: read('state'),
    error: read('error'),
    errorDescription: read('error_description'),
  };
}

/** A code is single-use: once read it leaves the real query string, so a reload cannot send it again. */
export function stripCallbackParamsFromSearch(): void {
  const url = new URL(window.location.href);
  let changed = false;
  for (const name of ['code', 'state', 'error', 'error_description']) {
    if (url.searchParams.has(name)) {
      url.searchParams.delete(name);
      changed = true;
    }
  }
  if (changed) window.history.replaceState(window.history.state, '', url.toString());
}
