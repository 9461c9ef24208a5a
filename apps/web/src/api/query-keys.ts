import type { QueryClient } from '@tanstack/react-query';
import type { BoundPlayerSort, CallInput, WithdrawalStatus } from '@promoter/contract';
import type { OptionKey } from '../config/constants';

/** A page of the direct children list (`agent/user/children`); keyword: an agent id or part of a nickname. */
export interface ChildrenPageQuery {
  keyword?: string;
  page: number;
  pageSize: number;
}

/** The players list's search, period and order (`agent/user/players`); pages are the infinite query's. */
export interface BoundPlayersQuery {
  keyword: string;
  days: number;
  sort: BoundPlayerSort;
}

/** A filter of the ledger (`agent/user/bill`); `from`/`to` are ISO times with offset, `to` exclusive. */
export interface BillFilter {
  currency: 1 | 2;
  billType?: number;
  from?: string;
  to?: string;
}

/**
 * The one key factory of the server's facts: every query of a call lives under its call's key, whichever
 * feature reads it, so a change invalidates every screen that shows it. `all()` is the prefix of every variant
 * (page, filter, keyword) of a call.
 */
export const queryKeys = {
  user: () => ['getUser'] as const,
  recentBill: {
    all: () => ['recentBill'] as const,
    list: (limit: number) => ['recentBill', limit] as const,
  },
  option: (key: OptionKey) => ['getOptionsByKey', key] as const,
  /** Every public option (the prefix of `option`): an operator changed settings. */
  options: () => ['getOptionsByKey'] as const,
  article: (slug: string) => ['readArticle', slug] as const,
  player: (playerId: number) => ['getPlayer', playerId] as const,
  /** An agent's public card (`agent/public/agentCard`). */
  agentCard: (agentId: number) => ['agentCard', agentId] as const,
  children: {
    all: () => ['children'] as const,
    /** The numbered pages of the downline's list. */
    page: (query: ChildrenPageQuery) => ['children', 'page', query] as const,
    /** The endless list of the transfer page. */
    infinite: (keyword: string) => ['children', 'infinite', keyword] as const,
    /** The whole team, nearest first (the transfer page's team tab, the agent a link names). */
    team: (keyword: string) => ['children', 'team', keyword] as const,
  },
  tree: (parentId?: number) => (parentId === undefined ? (['tree'] as const) : (['tree', parentId] as const)),
  searchPlayers: {
    all: () => ['searchUser'] as const,
    list: (keyword: string) => ['searchUser', keyword] as const,
  },
  recentPlayers: () => ['recentUser'] as const,
  recentTransfers: () => ['recentTransfers'] as const,
  /** The players bound to the agent, with what it recharged to them (`agent/user/players`). */
  boundPlayers: {
    all: () => ['boundPlayers'] as const,
    list: (query: BoundPlayersQuery) => ['boundPlayers', query] as const,
  },
  /** The agent's profile beyond getUser (`agent/user/profile`). */
  agentProfile: () => ['agentProfile'] as const,
  /** The live sessions of the agent's account (`agent/user/sessions`). */
  sessions: () => ['sessionList'] as const,
  bill: {
    all: () => ['bill'] as const,
    list: (filter: BillFilter) => ['bill', 'list', filter] as const,
    /** One entry with what it refers to (`agent/user/billDetail`). */
    detail: (id: string) => ['bill', 'detail', id] as const,
  },
  withdrawals: {
    all: () => ['withdrawLog'] as const,
    list: (status: WithdrawalStatus | undefined) => ['withdrawLog', status ?? 'all'] as const,
  },
  /** The agent's saved payout accounts (`agent/payout/list`). */
  payoutAccounts: () => ['payoutAccountList'] as const,
  /** The agent's inbox (`agent/notice/...`): the unread count the header polls, the bell's newest, the pages. */
  notifications: {
    all: () => ['notifications'] as const,
    unread: () => ['notifications', 'unread'] as const,
    lists: () => ['notifications', 'list'] as const,
    latest: (limit: number) => ['notifications', 'list', 'latest', limit] as const,
    pages: () => ['notifications', 'list', 'pages'] as const,
  },
  /** Prices depend on who asks: the key carries the account's player id. */
  shopCategories: (playerId: number | null) => ['shopCategories', playerId] as const,
  /** Every account's shop (the prefix of `shopCategories`): an operator changed goods or prices. */
  allShopCategories: () => ['shopCategories'] as const,
  order: (orderId: string) => ['orderQuery', orderId] as const,
  /**
   * The agent's dashboards (decision 020), one key per call and input under one prefix: whatever moves money or changes
   * the downline refreshes them all.
   */
  dashboards: {
    all: () => ['dashboards'] as const,
    ecommerce: (input: CallInput<'dashboardEcommerce'>) =>
      ['dashboards', 'dashboardEcommerce', input] as const,
    webAnalytics: (input: CallInput<'dashboardWebAnalytics'>) =>
      ['dashboards', 'dashboardWebAnalytics', input] as const,
    agency: (input: CallInput<'dashboardAgency'>) => ['dashboards', 'dashboardAgency', input] as const,
    saas: (input: CallInput<'dashboardSaas'>) => ['dashboards', 'dashboardSaas', input] as const,
    magazine: (page: number) => ['dashboards', 'dashboardMagazine', page] as const,
    news: (page: number) => ['dashboards', 'dashboardNews', page] as const,
  },
  /** The operator console's facts (`admin/...` calls); the agent's keys never hold them. */
  admin: {
    all: () => ['admin'] as const,
    me: () => ['admin', 'me'] as const,
    /** The settings the console edits and their history (`admin/options/...`). */
    settings: {
      all: () => ['admin', 'settings'] as const,
      values: () => ['admin', 'settings', 'values'] as const,
      history: (filter: CallInput<'adminOptionsHistory'>) =>
        ['admin', 'settings', 'history', filter] as const,
    },
    /** The shop's catalog as the console edits it (`admin/categories/...`, `admin/goods/...`). */
    catalog: {
      all: () => ['admin', 'catalog'] as const,
      categories: () => ['admin', 'catalog', 'categories'] as const,
      goods: (filter: CallInput<'adminGoodsList'>) => ['admin', 'catalog', 'goods', filter] as const,
    },
    orders: {
      all: () => ['admin', 'orders'] as const,
      list: (filter: CallInput<'adminOrderList'>) => ['admin', 'orders', 'list', filter] as const,
      detail: (orderId: string) => ['admin', 'orders', 'detail', orderId] as const,
    },
    withdrawals: {
      all: () => ['admin', 'withdrawals'] as const,
      list: (filter: CallInput<'adminWithdrawalList'>) => ['admin', 'withdrawals', 'list', filter] as const,
      detail: (id: string) => ['admin', 'withdrawals', 'detail', id] as const,
    },
    operators: () => ['admin', 'operators'] as const,
    /** The dashboard's figures of a period (`admin/reports/summary`). */
    reports: {
      all: () => ['admin', 'reports'] as const,
      summary: (period: CallInput<'adminReportSummary'>) => ['admin', 'reports', 'summary', period] as const,
    },
    articles: {
      all: () => ['admin', 'articles'] as const,
      list: () => ['admin', 'articles', 'list'] as const,
      detail: (id: number) => ['admin', 'articles', 'detail', id] as const,
    },
    announcements: {
      all: () => ['admin', 'announcements'] as const,
      list: (filter: CallInput<'adminAnnouncementList'>) =>
        ['admin', 'announcements', 'list', filter] as const,
    },
    audit: {
      all: () => ['admin', 'audit'] as const,
      list: (filter: CallInput<'adminAuditList'>) => ['admin', 'audit', 'list', filter] as const,
    },
    agents: {
      all: () => ['admin', 'agents'] as const,
      list: (filter: CallInput<'adminAgentList'>) => ['admin', 'agents', 'list', filter] as const,
      detail: (agentId: number) => ['admin', 'agents', 'detail', agentId] as const,
      ledger: (filter: CallInput<'adminAgentLedger'>) => ['admin', 'agents', 'ledger', filter] as const,
      sessions: (filter: CallInput<'adminAgentSessions'>) => ['admin', 'agents', 'sessions', filter] as const,
      movePreview: (input: CallInput<'adminAgentMovePreview'>) =>
        ['admin', 'agents', 'movePreview', input] as const,
    },
    players: {
      all: () => ['admin', 'players'] as const,
      list: (filter: CallInput<'adminPlayerList'>) => ['admin', 'players', 'list', filter] as const,
      detail: (playerId: number) => ['admin', 'players', 'detail', playerId] as const,
      recharges: (filter: CallInput<'adminPlayerRecharges'>) =>
        ['admin', 'players', 'recharges', filter] as const,
    },
    adjustments: {
      all: () => ['admin', 'adjustments'] as const,
      list: (filter: CallInput<'adminAdjustmentList'>) => ['admin', 'adjustments', 'list', filter] as const,
    },
    /** The game's deliveries (`admin/game/...`, decision 040): the figures, the events, the reconciliation. */
    game: {
      all: () => ['admin', 'game'] as const,
      overview: () => ['admin', 'game', 'overview'] as const,
      events: (filter: CallInput<'adminGameEventList'>) => ['admin', 'game', 'events', filter] as const,
      event: (id: string) => ['admin', 'game', 'event', id] as const,
      reconciliation: (period: CallInput<'adminGameReconciliation'>) =>
        ['admin', 'game', 'reconciliation', period] as const,
    },
  },
};

function invalidateAll(queryClient: QueryClient, keys: readonly (readonly unknown[])[]): Promise<unknown> {
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** What a change on the server makes stale, by change: mutations invalidate through these, never by hand. */
export const invalidate = {
  /** Diamonds or money moved: the agent's figures, every list that shows amounts or balances. */
  moneyMoved: (queryClient: QueryClient) =>
    invalidateAll(queryClient, [
      queryKeys.user(),
      queryKeys.recentBill.all(),
      queryKeys.bill.all(),
      queryKeys.withdrawals.all(),
      queryKeys.children.all(),
      queryKeys.tree(),
      queryKeys.searchPlayers.all(),
      queryKeys.dashboards.all(),
      queryKeys.recentPlayers(),
      queryKeys.recentTransfers(),
      queryKeys.boundPlayers.all(),
    ]),
  /** A child agent was made or repriced: the children list (downline and transfer pages) and the tree. */
  downlineChanged: (queryClient: QueryClient) =>
    invalidateAll(queryClient, [
      queryKeys.children.all(),
      queryKeys.tree(),
      queryKeys.searchPlayers.all(),
      queryKeys.dashboards.all(),
    ]),
  /** An operator changed withdrawals: the queue, its details, and the audit log that recorded it. */
  withdrawalsReviewed: (queryClient: QueryClient) =>
    invalidateAll(queryClient, [queryKeys.admin.withdrawals.all(), queryKeys.admin.audit.all()]),
  /**
   * An operator changed settings: the settings and their history, the public options every screen reads (shop link,
   * withdrawal rules, switches), the shops' prices, and the audit log.
   */
  settingsChanged: (queryClient: QueryClient) =>
    invalidateAll(queryClient, [
      queryKeys.admin.settings.all(),
      queryKeys.options(),
      queryKeys.allShopCategories(),
      queryKeys.admin.audit.all(),
    ]),
  /** An operator changed categories or goods: the console's catalog, every shop, and the audit log. */
  catalogChanged: (queryClient: QueryClient) =>
    invalidateAll(queryClient, [
      queryKeys.admin.catalog.all(),
      queryKeys.allShopCategories(),
      queryKeys.admin.audit.all(),
    ]),
  /** An operator was created or changed. */
  operatorsChanged: (queryClient: QueryClient) =>
    invalidateAll(queryClient, [queryKeys.admin.operators(), queryKeys.admin.audit.all()]),
  /**
   * An operator changed agents or players (status, level, parent, password, sessions, a binding): every console view
   * of them (an agent's page shows its children and players; a player's page its agent), and the audit log.
   */
  agentsChanged: (queryClient: QueryClient) =>
    invalidateAll(queryClient, [
      queryKeys.admin.agents.all(),
      queryKeys.admin.players.all(),
      // A freeze holds the agent's withdrawals (decision 037): the queue shows it.
      queryKeys.admin.withdrawals.all(),
      queryKeys.admin.audit.all(),
    ]),
  /** A held order was delivered: the orders, the balances the console shows, the audit. */
  heldOrderReleased: (queryClient: QueryClient) =>
    invalidateAll(queryClient, [
      queryKeys.admin.orders.all(),
      queryKeys.admin.agents.all(),
      queryKeys.admin.audit.all(),
    ]),
  /** A manual adjustment was created, applied or refused: the adjustments, the balances the console shows, the audit. */
  adjustmentsChanged: (queryClient: QueryClient) =>
    invalidateAll(queryClient, [
      queryKeys.admin.adjustments.all(),
      queryKeys.admin.agents.all(),
      queryKeys.admin.players.all(),
      queryKeys.admin.audit.all(),
    ]),
  /** An operator acted on the game's deliveries (retry, pause, resume, a test, the secret): the page and the audit. */
  gameDeliveryChanged: (queryClient: QueryClient) =>
    invalidateAll(queryClient, [queryKeys.admin.game.all(), queryKeys.admin.audit.all()]),
  /** Inbox items were marked read: the lists (the count comes with the answer). */
  inboxRead: (queryClient: QueryClient) => invalidateAll(queryClient, [queryKeys.notifications.lists()]),
  /**
   * New notifications came (the unread count rose): the lists, and what such events change (a refund, a profit, a
   * paid order move money; a withdrawal changes state; a sub-agent or a player joins; an announcement is news).
   */
  noticesArrived: (queryClient: QueryClient) =>
    invalidateAll(queryClient, [
      queryKeys.notifications.lists(),
      queryKeys.user(),
      queryKeys.recentBill.all(),
      queryKeys.bill.all(),
      queryKeys.withdrawals.all(),
      queryKeys.children.all(),
      queryKeys.tree(),
      queryKeys.boundPlayers.all(),
      queryKeys.dashboards.all(),
    ]),
  /** An operator wrote an article or an announcement: the console's lists and the audit. */
  contentChanged: (queryClient: QueryClient) =>
    invalidateAll(queryClient, [
      queryKeys.admin.articles.all(),
      queryKeys.admin.announcements.all(),
      queryKeys.admin.audit.all(),
    ]),
  /** The agent saved, deleted or chose a payout account (or a withdrawal saved the one it went to). */
  payoutAccountsChanged: (queryClient: QueryClient) =>
    invalidateAll(queryClient, [queryKeys.payoutAccounts()]),
  /** The agent's own account changed (its verified mobile): the figures' user and the profile. */
  accountChanged: (queryClient: QueryClient) =>
    invalidateAll(queryClient, [queryKeys.user(), queryKeys.agentProfile()]),
  /** Sessions of the account were ended. */
  sessionsChanged: (queryClient: QueryClient) => invalidateAll(queryClient, [queryKeys.sessions()]),
  /** An order was paid: the agent's figures. */
  orderPaid: (queryClient: QueryClient) =>
    invalidateAll(queryClient, [queryKeys.user(), queryKeys.dashboards.all()]),
};
