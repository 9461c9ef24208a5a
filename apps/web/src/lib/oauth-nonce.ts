/**
 * The browser's half of a WeChat authorization. Before leaving for WeChat, a random nonce is kept in this tab's
 * session storage and sent to getCode, which binds the signed state to it; when WeChat sends the person back, the
 * code and state go to the server with the nonce this browser kept. An attacker's code and state pushed into
 * someone else's browser (login CSRF) arrive without the nonce they were made for, and are refused.
 */
const KEY = 'promoter.wx-oauth-nonce';

function stores(): Storage[] {
  const found: Storage[] = [];
  // Session storage is per tab and survives the trip to WeChat and back; some web views refuse it, so local
  // storage stands in.
  for (const pick of [() => sessionStorage, () => localStorage]) {
    try {
      const store = pick();
      if (store) found.push(store);
    } catch {
      // unavailable in this web view
    }
  }
  return found;
}

export function newOAuthNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  const nonce = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  for (const store of stores()) {
    try {
      store.setItem(KEY, nonce);
      return nonce;
    } catch {
      // full or refused: try the next
    }
  }
  return nonce;
}

/** The nonce this browser kept when it left for WeChat, if any. */
export function keptOAuthNonce(): string | null {
  for (const store of stores()) {
    try {
      const value = store.getItem(KEY);
      if (value) return value;
    } catch {
      // unavailable
    }
  }
  return null;
}
