import type { agentCalls, CallAuth } from '@promoter/contract';

/**
 * Where each call of the agents' and players' app goes, without its schemas (decision 047): the contract's
 * `agentCalls` hold every call's input and answer schemas, and reading a path from them would bring zod and all of
 * them into the first screen's script. The client needs only this; the contract's TypeScript types still type every
 * input and answer. The type below makes the table name every call of `agentCalls` with its method, and a unit test
 * (test/call-routes.test.ts) holds each path, access rule and `uid` header to the contract's.
 */
export interface CallRoute {
  method: 'GET' | 'POST';
  path: string;
  auth: CallAuth;
  /** The shop's calls carry the session's player id in `uid`. */
  uidHeader?: true;
}

type AgentCalls = typeof agentCalls;

export const agentRoutes = {
  tokenLogin: { method: 'POST', path: 'agent/login/tokenLogin', auth: 'anyone' },
  logout: { method: 'POST', path: 'agent/login/logout', auth: 'signedIn' },
  checkUserType: { method: 'POST', path: 'agent/login/checkUserType', auth: 'anyone' },
  loginByUnionId: { method: 'POST', path: 'agent/login/loginByUnionId', auth: 'anyone' },
  loginById: { method: 'POST', path: 'agent/login/loginById', auth: 'anyone' },
  getPlayer: { method: 'GET', path: 'agent/login/getPlayer', auth: 'signedIn' },
  playerBindLogin: { method: 'POST', path: 'agent/login/playerBindLogin', auth: 'anyone' },
  getCode: { method: 'GET', path: 'agent/public/getCode', auth: 'anyone' },
  getUnionId: { method: 'POST', path: 'agent/public/getUnionId', auth: 'anyone' },
  agentCard: { method: 'GET', path: 'agent/public/agentCard', auth: 'anyone' },
  bind: { method: 'POST', path: 'agent/public/bind', auth: 'player' },
  unbind: { method: 'POST', path: 'agent/public/unbind', auth: 'player' },
  registerCaptcha: { method: 'POST', path: 'agent/register/captcha', auth: 'anyone' },
  validatePlayer: { method: 'POST', path: 'agent/register/validatePlayer', auth: 'anyone' },
  register: { method: 'POST', path: 'agent/register/reg', auth: 'player' },
  getUser: { method: 'GET', path: 'agent/user/getUser', auth: 'agent' },
  bill: { method: 'GET', path: 'agent/user/bill', auth: 'agent' },
  billDetail: { method: 'GET', path: 'agent/user/billDetail', auth: 'agent' },
  recentBill: { method: 'GET', path: 'agent/user/recentBill', auth: 'agent' },
  withdrawLog: { method: 'GET', path: 'agent/user/withdrawLogPost', auth: 'agent' },
  withdraw: { method: 'POST', path: 'agent/user/withdrawPostByUser', auth: 'agent' },
  withdrawalTransferConfirm: { method: 'POST', path: 'agent/user/withdrawTransferConfirm', auth: 'agent' },
  withdrawExchange: { method: 'POST', path: 'agent/user/withdrawExchange', auth: 'agent' },
  recentUser: { method: 'GET', path: 'agent/user/recentUser', auth: 'agent' },
  children: { method: 'GET', path: 'agent/user/children', auth: 'agent' },
  tree: { method: 'GET', path: 'agent/user/tree', auth: 'agent' },
  setPrice: { method: 'POST', path: 'agent/user/price', auth: 'agent' },
  transferAgent: { method: 'POST', path: 'agent/user/transferAgent', auth: 'agent' },
  recentTransfers: { method: 'GET', path: 'agent/user/recentTransfers', auth: 'agent' },
  setChildAgent: { method: 'POST', path: 'agent/user/setChildAgent', auth: 'agent' },
  searchUser: { method: 'GET', path: 'agent/index/searchUser', auth: 'agent' },
  recharge: { method: 'POST', path: 'agent/index/recharge', auth: 'agent' },
  readArticle: { method: 'POST', path: 'portal/articles/read', auth: 'anyone' },
  getCaptcha: { method: 'POST', path: 'user/public/getCaptcha', auth: 'anyone' },
  getUserByMobile: { method: 'POST', path: 'user/public/getUserByMobile', auth: 'signedIn' },
  telVerify: { method: 'POST', path: 'user/public/telvertify', auth: 'signedIn' },
  getOptionsByKey: { method: 'POST', path: 'system/version/getOptionsByKey', auth: 'anyone' },
  changePassword: { method: 'POST', path: 'agent/user/changePassword', auth: 'agent' },
  resetPassword: { method: 'POST', path: 'agent/public/resetPassword', auth: 'anyone' },
  shopCategories: { method: 'POST', path: 'shop/goods/categories', auth: 'signedIn', uidHeader: true },
  buyGoods: { method: 'POST', path: 'shop/goods/buyGoods', auth: 'signedIn', uidHeader: true },
  wechatPayer: { method: 'POST', path: 'shop/pay/wechatPayer', auth: 'signedIn', uidHeader: true },
  orderQuery: { method: 'POST', path: 'shop/order/orderquery', auth: 'signedIn', uidHeader: true },
  dashboardEcommerce: { method: 'GET', path: 'agent/dashboard/ecommerce', auth: 'agent' },
  dashboardWebAnalytics: { method: 'GET', path: 'agent/dashboard/webAnalytics', auth: 'agent' },
  dashboardAgency: { method: 'GET', path: 'agent/dashboard/agency', auth: 'agent' },
  dashboardSaas: { method: 'GET', path: 'agent/dashboard/saas', auth: 'agent' },
  dashboardMagazine: { method: 'GET', path: 'agent/dashboard/magazine', auth: 'agent' },
  dashboardNews: { method: 'GET', path: 'agent/dashboard/news', auth: 'agent' },
  inviteOpen: { method: 'POST', path: 'agent/public/inviteOpen', auth: 'anyone' },
  agentProfile: { method: 'GET', path: 'agent/user/profile', auth: 'agent' },
  sessionList: { method: 'GET', path: 'agent/user/sessions', auth: 'agent' },
  endOtherSessions: { method: 'POST', path: 'agent/user/endOtherSessions', auth: 'agent' },
  boundPlayers: { method: 'GET', path: 'agent/user/players', auth: 'agent' },
  notificationList: { method: 'GET', path: 'agent/notice/list', auth: 'agent' },
  notificationUnreadCount: { method: 'GET', path: 'agent/notice/unreadCount', auth: 'agent' },
  notificationMarkRead: { method: 'POST', path: 'agent/notice/markRead', auth: 'agent' },
  payoutAccountList: { method: 'GET', path: 'agent/payout/list', auth: 'agent' },
  payoutAccountAdd: { method: 'POST', path: 'agent/payout/add', auth: 'agent' },
  payoutAccountDelete: { method: 'POST', path: 'agent/payout/delete', auth: 'agent' },
  payoutAccountSetDefault: { method: 'POST', path: 'agent/payout/setDefault', auth: 'agent' },
} as const satisfies { [N in keyof AgentCalls]: CallRoute & { method: AgentCalls[N]['method'] } };

export type AgentCallName = keyof typeof agentRoutes;
