/**
 * The web client's links that the server builds URLs to (game login tickets, invitations, the page a payment
 * returns to, ...), typed once: the server makes its URLs with `clientUrl(base, clientLinks.x.getHref(query))`,
 * the web's route table (apps/web/src/config/paths.ts) declares these routes from the same entries, so the two
 * cannot drift. The SPA is hash-routed: a link is `<base>/#<path>?<query>`.
 */

type Query = Record<string, string | number | undefined>;

export interface ClientLink<Q extends Query = Query> {
  /** The router pattern, e.g. '/session/login'. */
  readonly path: string;
  /** What a link points to: the path with its query, empty values left out. */
  readonly getHref: (query?: Q) => string;
}

/** As URLSearchParams writes a value (application/x-www-form-urlencoded): a space is '+'. */
const formEncode = (text: string) =>
  // Ids and other plain words (every getUser answer's invite link) are their own encoding.
  /^[\w.*-]*$/.test(text)
    ? text
    : encodeURIComponent(text)
        .replace(/[!'()~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
        .replace(/%20/g, '+');

/** `path?query`, the values encoded as URLSearchParams does, undefined and empty ones left out. */
export function withQuery(path: string, query: Query | undefined): string {
  if (!query) return path;
  const search = Object.entries(query)
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([key, value]) => `${formEncode(key)}=${formEncode(String(value))}`)
    .join('&');
  return search ? `${path}?${search}` : path;
}

function link<Q extends Query>(path: string): ClientLink<Q> {
  return { path, getHref: (query?: Q) => withQuery(path, query) };
}

export const clientLinks = {
  /** The game's login link: `token` is a one-time login ticket. */
  login: link<{ token?: string }>('/session/login'),
  /** Where WeChat's authorization (snsapi_userinfo) comes back with `code`. */
  loginWx: link<{ code?: string }>('/session/loginWx'),
  /** An agent's invitation: `from` is the inviting agent, `level` the level offered. */
  signUp: link<{ from?: number; level?: number }>('/session/sign-up'),
  /** An order's page, where the payment provider sends the buyer back. */
  queryOrder: link<{ orderId: string }>('/agent/query-order'),
  /** The shop. */
  mineRecharge: link<{ from?: 'reg' }>('/agent/mine-recharge'),
  /** Where WeChat sends the buyer back from the silent authorization (snsapi_base); `back` is the page to return to. */
  wechatPayAuth: link<{ back?: string }>('/agent/wechat-pay-auth'),
  /** `agentId` fills in the agent to bind to; with the game's `token` it signs in and binds in one step. */
  bindAgent: link<{ agentId?: number; token?: string }>('/agent/bind-agent'),
} as const;

/** The absolute URL of a client link: `clientUrl('https://promoter.example', '/session/login?token=…')`. */
export function clientUrl(baseUrl: string, href: string): string {
  return `${baseUrl}/#${href}`;
}
