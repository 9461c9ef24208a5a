/**
 * The ONE table of the client's routes (SPEC section 2). Every link, redirect and route definition reads
 * its string from here; nothing else types a route.
 *
 * Each entry has `path` (the router pattern) and `getHref()` (what a link points to). Entries that take
 * query inputs accept them in `getHref`. The routes the server links to (login tickets, invitations, the page a
 * payment returns to, ...) come from the contract's `clientLinks`, which the server builds its URLs with.
 */

import { clientLinks, withQuery } from '@promoter/contract';

export interface RoutePath<A extends unknown[] = []> {
  readonly path: string;
  readonly getHref: (...args: A) => string;
}

function route(path: string): RoutePath {
  return { path, getHref: () => path };
}

/** A page of one row: `<base>/:<param>`, linked to with the row's id. */
function routeWithId(base: string, param: string): RoutePath<[id: number]> {
  return { path: `${base}/:${param}`, getHref: (id: number) => `${base}/${id}` };
}

type Query = Record<string, string | number | undefined>;

function routeWithQuery<Q extends Query>(path: string): RoutePath<[query?: Q]> {
  return { path, getHref: (query?: Q) => withQuery(path, query) };
}

export const LAYOUTS = ['default', 'boxed', 'boxed-v2', 'horizontal', 'mini'] as const;
export type LayoutName = (typeof LAYOUTS)[number];

export const DASHBOARDS = ['ecommerce', 'web-analytics', 'magazine', 'news', 'agency', 'saas'] as const;
export type DashboardName = (typeof DASHBOARDS)[number];

export interface LayoutPaths {
  readonly root: RoutePath;
  readonly dashboard: Readonly<Record<DashboardName, RoutePath>>;
  readonly cart: RoutePath;
}

function layoutPaths(layout: LayoutName): LayoutPaths {
  const root = `/${layout}`;
  const dashboard = Object.fromEntries(
    DASHBOARDS.map((name) => [name, route(`${root}/dashboard/${name}`)]),
  ) as Record<DashboardName, RoutePath>;
  return { root: route(root), dashboard, cart: route(`${root}/ecommerce/cart`) };
}

export const paths = {
  root: route('/'),

  /** Agent routes; `main` lives in the boxed-v2 layout, the others are mobile pages. */
  agent: {
    // Needing sign-in.
    treeview: route('/agent/treeview'),
    /** With `playerId`, the player is filled in (one tap from the players list). */
    userRecharge: routeWithQuery<{ playerId?: number }>('/agent/user-recharge'),
    withdraw: route('/agent/Withdraw'),
    withdrawApply: route('/agent/withdraw-apply'),
    withdrawList: route('/agent/withdraw-list'),
    childTree: route('/agent/child-tree'),
    currencyList: route('/agent/currency-list'),
    /** With `id`, one entry; otherwise the flow of one currency narrowed to `billType`. */
    currencyDetail: routeWithQuery<{ billType?: number; currency?: number; id?: string }>(
      '/agent/currency-detail',
    ),
    priceList: route('/agent/price-list'),
    mineRecharge: clientLinks.mineRecharge,
    queryOrder: clientLinks.queryOrder,
    /**
     * Not in SPEC: WeChat sends the buyer back here from the silent authorization (snsapi_base) that reads the
     * openid WeChat Pay needs inside WeChat; `back` is the page to return to.
     */
    wechatPayAuth: clientLinks.wechatPayAuth,
    setChild: route('/agent/set-child'),
    main: route('/agent/Main'),
    /** The lower-case spelling seen in links; redirects to `main`. */
    mainLowerCase: route('/agent/main'),
    // Without the sign-in flag.
    /** `agentId` fills in the agent to bind to; with the game's `token` it signs in and binds in one step. */
    bindAgent: clientLinks.bindAgent,
    agentInfo: route('/agent/agent-info'),
    guideSetup: route('/agent/guide-setup'),
    /** `agentId` chooses that agent of the downline (the contacts, the header search). */
    transferAgent: routeWithQuery<{ agentId?: number }>('/agent/transfer-agent'),
    index: route('/agent/index'),
    help: route('/agent/help'),
    agentDesc: route('/agent/agent-desc'),
  },

  users: {
    userProfile: route('/users/user-profile'),
    usersList: route('/users/users-list'),
  },

  /** The operator console (decision 018): its own sign-in, layout and session. */
  admin: {
    /** The console's home: the dashboard (a role without `reports` goes on to the withdrawal queue). */
    root: route('/admin'),
    login: route('/admin/login'),
    withdrawals: route('/admin/withdrawals'),
    operators: route('/admin/operators'),
    audit: route('/admin/audit'),
    settings: route('/admin/settings'),
    goods: route('/admin/goods'),
    orders: route('/admin/orders'),
    content: route('/admin/content'),
    agents: route('/admin/agents'),
    agent: routeWithId('/admin/agents', 'agentId'),
    players: route('/admin/players'),
    player: routeWithId('/admin/players', 'playerId'),
    adjustments: route('/admin/adjustments'),
    gameDelivery: route('/admin/game-delivery'),
    /** The reconciliation with the provider's bill (decision 045); `run` opens a run's items. */
    reconciliation: routeWithQuery<{ run?: string }>('/admin/reconciliation'),
  },

  inbox: route('/inbox'),
  callback: route('/callback'),

  session: {
    login: clientLinks.login,
    loginWx: clientLinks.loginWx,
    signUp: clientLinks.signUp,
    lockScreen: route('/session/lock-screen'),
    forgotPassword: route('/session/forgot-password'),
    resetPassword: route('/session/reset-password'),
    updatePassword: route('/session/update-password'),
  },

  layouts: {
    default: layoutPaths('default'),
    boxed: layoutPaths('boxed'),
    'boxed-v2': layoutPaths('boxed-v2'),
    horizontal: layoutPaths('horizontal'),
    mini: layoutPaths('mini'),
  } satisfies Record<LayoutName, LayoutPaths>,
} as const;

export interface Redirect {
  readonly from: RoutePath;
  readonly to: string;
  /** Match `from` case-sensitively (so '/agent/main' can redirect to '/agent/Main'). */
  readonly caseSensitive?: boolean;
}

/** Layout roots and other redirects of SPEC section 2. */
export const redirects: readonly Redirect[] = [
  { from: paths.root, to: paths.agent.index.getHref() },
  { from: paths.layouts.default.root, to: paths.layouts.default.dashboard.ecommerce.getHref() },
  { from: paths.layouts.boxed.root, to: paths.layouts.boxed.dashboard.ecommerce.getHref() },
  { from: paths.layouts['boxed-v2'].root, to: paths.agent.main.getHref() },
  { from: paths.layouts.horizontal.root, to: paths.layouts.horizontal.dashboard.ecommerce.getHref() },
  { from: paths.layouts.mini.root, to: paths.layouts.mini.dashboard.ecommerce.getHref() },
  { from: paths.agent.mainLowerCase, to: paths.agent.main.getHref(), caseSensitive: true },
];

/** Which layout a pathname belongs to, for links that stay in the current layout (cart, dashboards). */
export function layoutOfPathname(pathname: string): LayoutName {
  if (pathname.toLowerCase() === paths.agent.main.path.toLowerCase()) return 'boxed-v2';
  const first = pathname.split('/')[1] ?? '';
  return (LAYOUTS as readonly string[]).includes(first) ? (first as LayoutName) : 'default';
}
