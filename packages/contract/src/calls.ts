import { z } from 'zod';
import { call } from './call-def';
import {
  INT4_MAX,
  ZAgentId,
  ZAgentUser,
  ZEmpty,
  ZId,
  ZIsoDate,
  ZIsoDateInput,
  ZLoginResult,
  ZOAuthNonce,
  ZMobile,
  ZPage,
  ZPageQuery,
  ZPlayer,
  ZPlayerId,
  ZRequestId,
  ZText,
  ZWithdrawal,
  ZWxUserInfo,
  hasControlCharacters,
} from './common';
import { type AgentStatus, BILL_TYPE_MAX } from './enum-values';
import {
  ZAgentLevel,
  ZAgentStatus,
  ZBillType,
  ZCaptchaPurpose,
  ZCurrency,
  ZOrderStatus,
  ZWithdrawalAccountType,
  ZWithdrawalStatus,
} from './enums';
import { dashboardCalls } from './dashboards';
import { ZGameDelivery } from './game';
import { profileCalls } from './profile';
import { inboxCalls } from './inbox';
import { payoutCalls } from './payout';
import { ZMoney, ZMoneyInput } from './money';
import {
  DOWNLINE_SEARCH_KEYWORD_MAX,
  ZCaptchaCode,
  ZDiamondsPerMove,
  ZPassword,
  ZPurchaseQuantity,
  ZWithdrawalAccountText,
  ZWithdrawalBankName,
} from './rules';

// ---- shared shapes of the calls -------------------------------------------------------------

const ZPayChannel = z.enum(['h5', 'jsapi']);

/** The parameters of WeChat Pay's JSAPI bridge (`getBrandWCPayRequest`), signed by the server (signType RSA). */
export const ZWechatPayBridge = z.object({
  appId: z.string(),
  timeStamp: z.string(),
  nonceStr: z.string(),
  package: z.string(),
  signType: z.literal('RSA'),
  paySign: z.string(),
});
export type TWechatPayBridge = z.infer<typeof ZWechatPayBridge>;

const ZBillAmount = z.union([ZMoney, z.number().int()]);

export const BILL_COUNT_CAP = 10_000;

export const ZBillEntry = z.object({
  id: z.string(),
  billType: z.number().int().min(1).max(BILL_TYPE_MAX),
  currency: z.union([z.literal(1), z.literal(2)]),
  amount: ZBillAmount,
  after: ZBillAmount,
  memo: z.string(),
  createdAt: ZIsoDate,
  /** The game's side of an agent's recharge (`rechargePlayer`): whether the player has the diamonds; null otherwise. */
  gameDelivery: ZGameDelivery.nullable(),
});
export type TBillEntry = z.infer<typeof ZBillEntry>;

export const ZBillReference = z.object({
  /** recharge, transfer, order, withdrawal, exchange, adjustment, ... */
  type: z.string(),
  id: z.string(),
  counterparty: z
    .object({ kind: z.enum(['player', 'agent']), id: z.number().int(), nickname: z.string() })
    .nullable(),
});

export const ZChildAgent = z.object({
  agentId: z.number().int(),
  nickname: z.string(),
  avatar: z.string(),
  level: ZAgentLevel,
  price: ZMoney,
  /** Every agent below it, at any depth (kept by the database, decision 024). */
  teamSize: z.number().int(),
  /** Its direct children. */
  childCount: z.number().int(),
  /** How far below the caller: 1 for a direct child. */
  depth: z.number().int(),
  /** 'frozen', 'pending' or 'refused' agents cannot sign in or trade; their parent sees it. */
  status: ZAgentStatus,
  createdAt: ZIsoDate,
});
export type TChildAgent = z.infer<typeof ZChildAgent>;

/**
 * A player as an agent finds it to recharge: no balance, and the mobile masked unless the player is bound to the
 * agent's own downline.
 */
export const ZPlayerSummary = z.object({
  playerId: z.number().int(),
  nickname: z.string(),
  avatar: z.string(),
  mobile: z.string().nullable(),
  boundToMe: z.boolean(),
});
export type TPlayerSummary = z.infer<typeof ZPlayerSummary>;

/**
 * One agent of a downline tree. The tree is loaded a level at a time (decision 024): `children` holds the children
 * loaded with this answer (at most TREE_CHILDREN_MAX, the biggest teams first), `childCount` says how many there are;
 * a child with a `childCount` above zero is opened by asking the tree again with its id.
 */
export interface TTreeNode {
  agentId: number;
  nickname: string;
  level: 1 | 2 | 3;
  price: string;
  teamSize: number;
  childCount: number;
  status: AgentStatus;
  children: TTreeNode[];
}
export const ZTreeNode: z.ZodType<TTreeNode> = z.lazy(() =>
  z.object({
    agentId: z.number().int(),
    nickname: z.string(),
    level: ZAgentLevel,
    price: ZMoney,
    teamSize: z.number().int(),
    childCount: z.number().int(),
    status: ZAgentStatus,
    children: z.array(ZTreeNode),
  }),
);

export const ZRecentPlayer = ZPlayerSummary.extend({ lastRechargeAt: ZIsoDate });

/** An agent of the caller's downline it transferred diamonds to, with its newest transfer (the contacts). */
export const ZRecentTransfer = z.object({
  agentId: z.number().int(),
  nickname: z.string(),
  avatar: z.string(),
  level: ZAgentLevel,
  lastTransferAt: ZIsoDate,
  /** Diamonds of that newest transfer. */
  lastDiamonds: z.number().int(),
});
export type TRecentTransfer = z.infer<typeof ZRecentTransfer>;

export const ZGoods = z.object({
  id: z.number().int(),
  name: z.string(),
  image: z.string(),
  diamonds: z.number().int(),
  price: ZMoney,
});
export type TGoods = z.infer<typeof ZGoods>;

export const ZGoodsCategory = z.object({ id: z.number().int(), name: z.string(), goods: z.array(ZGoods) });

export const ZArticle = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  content: z.string(),
  updatedAt: ZIsoDate,
});

/** A token, ticket, code or key as another system made it: taken as sent, no control characters. */
const ZToken = (max: number) => ZText(max, { min: 1, trim: false });

// ---- the call table (DESIGN section 3) ------------------------------------------------------

/**
 * Every call of the agents' and players' app (no operator's): what the web's API client reads at start. The console's
 * calls are in `console-calls.ts`, and `all-calls.ts` holds the whole table (the server's routes, the docs).
 */
export const agentCalls = {
  tokenLogin: call({
    method: 'POST',
    path: 'agent/login/tokenLogin',
    auth: 'anyone',
    summary: 'Sign in with a game login ticket',
    input: z.object({ token: ZToken(200) }),
    data: ZLoginResult,
  }),
  logout: call({
    method: 'POST',
    path: 'agent/login/logout',
    auth: 'signedIn',
    summary: 'Revoke the current session',
    input: ZEmpty,
    data: ZEmpty,
  }),
  checkUserType: call({
    method: 'POST',
    path: 'agent/login/checkUserType',
    auth: 'anyone',
    summary: 'Whether a player exists and is an agent',
    input: z.object({ playerId: ZPlayerId }),
    data: z.object({ exists: z.boolean(), isAgent: z.boolean() }),
  }),
  loginByUnionId: call({
    method: 'POST',
    path: 'agent/login/loginByUnionId',
    auth: 'anyone',
    summary: 'Sign in with a WeChat union id proven by the ticket of getUnionId',
    input: z.object({ unionId: ZToken(64), ticket: ZToken(2000) }),
    data: ZLoginResult,
  }),
  loginById: call({
    method: 'POST',
    path: 'agent/login/loginById',
    auth: 'anyone',
    summary: 'Sign in with agent id and password',
    input: z.object({ agentId: ZAgentId, password: ZToken(128) }),
    data: ZLoginResult,
  }),
  getPlayer: call({
    method: 'GET',
    path: 'agent/login/getPlayer',
    auth: 'signedIn',
    summary: 'A player as an agent or the player itself sees it',
    input: z.object({ playerId: ZPlayerId }),
    data: z.object({
      playerId: z.number().int(),
      nickname: z.string(),
      avatar: z.string(),
      agentId: z.number().int().nullable(),
    }),
  }),
  playerBindLogin: call({
    method: 'POST',
    path: 'agent/login/playerBindLogin',
    auth: 'anyone',
    summary: 'Sign in with a game ticket and bind to an agent if unbound',
    input: z.object({ token: ZToken(200), agentId: ZAgentId }),
    data: ZLoginResult,
  }),
  getCode: call({
    method: 'GET',
    path: 'agent/public/getCode',
    auth: 'anyone',
    summary: 'The WeChat authorize URL',
    /**
     * `scope`: snsapi_userinfo (the default) signs in with the union id; snsapi_base silently reads the openid
     * that pays with WeChat Pay inside WeChat's browser (then `wechatPayer`).
     */
    input: z.object({
      redirect: z
        .string()
        .url()
        .max(1000)
        .refine((value) => !hasControlCharacters(value), { message: 'must not contain control characters' }),
      scope: z.enum(['snsapi_userinfo', 'snsapi_base']).optional(),
      /** A random value this browser keeps (session storage) and shows again with the code: binds the state to it. */
      nonce: ZOAuthNonce,
    }),
    data: z.object({ url: z.string() }),
  }),
  getUnionId: call({
    method: 'POST',
    path: 'agent/public/getUnionId',
    auth: 'anyone',
    summary: 'Exchange a WeChat code for the union id, the user info and a ticket that proves them',
    /** `state` as WeChat handed it back: it must be the one getCode signed, for this browser's `nonce`. */
    input: z.object({ code: ZToken(256), state: ZToken(512), nonce: ZOAuthNonce }),
    data: z.object({ unionId: z.string(), wxUserInfo: ZWxUserInfo, ticket: z.string() }),
  }),
  agentCard: call({
    method: 'GET',
    path: 'agent/public/agentCard',
    auth: 'anyone',
    summary: 'The public card of an active agent (nickname, avatar, level), to confirm before binding',
    input: z.object({ agentId: ZAgentId }),
    data: z.object({
      agentId: z.number().int(),
      nickname: z.string(),
      avatar: z.string(),
      level: ZAgentLevel,
    }),
  }),
  bind: call({
    method: 'POST',
    path: 'agent/public/bind',
    auth: 'player',
    summary: 'Bind the signed-in player to an agent',
    input: z.object({ agentId: ZAgentId }),
    data: z.object({ player: ZPlayer }),
  }),
  unbind: call({
    method: 'POST',
    path: 'agent/public/unbind',
    auth: 'player',
    summary: 'Unbind the signed-in player from its agent',
    input: ZEmpty,
    data: z.object({ player: ZPlayer }),
  }),
  registerCaptcha: call({
    method: 'POST',
    path: 'agent/register/captcha',
    auth: 'anyone',
    summary: 'Send an SMS code for registration',
    input: z.object({ mobile: ZMobile }),
    data: z.object({ ttlSeconds: z.number().int() }),
  }),
  validatePlayer: call({
    method: 'POST',
    path: 'agent/register/validatePlayer',
    auth: 'anyone',
    summary: 'Check a player before registration',
    input: z.object({ playerId: ZPlayerId }),
    data: z.object({
      playerId: z.number().int(),
      nickname: z.string(),
      avatar: z.string(),
      isAgent: z.boolean(),
    }),
  }),
  register: call({
    method: 'POST',
    path: 'agent/register/reg',
    auth: 'player',
    summary: 'Register the signed-in player as an agent',
    input: z.object({
      mobile: ZMobile,
      captcha: ZCaptchaCode,
      password: ZPassword,
      from: ZAgentId.optional(),
      level: ZAgentLevel.optional(),
    }),
    data: z.object({ token: z.string(), user: ZAgentUser }),
  }),
  getUser: call({
    method: 'GET',
    path: 'agent/user/getUser',
    auth: 'agent',
    summary: 'The signed-in agent with its figures',
    input: ZEmpty,
    data: ZAgentUser,
  }),
  bill: call({
    method: 'GET',
    path: 'agent/user/bill',
    auth: 'agent',
    summary: 'Ledger entries of one currency, newest first',
    input: ZPageQuery.extend({
      currency: ZCurrency,
      billType: ZBillType.optional(),
      from: ZIsoDateInput.optional(),
      to: ZIsoDateInput.optional(),
      /**
       * Keyset paging (decision 023): the `nextCursor` of the page before, i.e. the id of its last entry; the page
       * then starts right after that entry, an index seek however deep. `page` is still the number shown. Without
       * it page N walks past the entries before it (correct, slower when deep). An id that is not one of the
       * caller's entries of this currency is refused with HTTP 400.
       */
      cursor: z
        .string()
        .regex(/^\d{1,18}$/, 'cursor must be an entry id')
        .optional(),
    }),
    /**
     * Without a cursor `total` is exact: the account keeps its count. Filtered (billType, from, to) it is exact up
     * to BILL_COUNT_CAP; beyond it the count stops there and `totalIsLowerBound` is true ("10000+"), so a page stays
     * fast on an account with millions of entries. With a
     * cursor nothing is counted: `total` is the entries up to this page plus one when another follows
     * (`totalIsLowerBound` true). `nextCursor`: the cursor of the next page, null on the last.
     */
    data: ZPage(ZBillEntry).extend({
      totalIsLowerBound: z.boolean(),
      nextCursor: z.string().nullable().default(null),
    }),
  }),
  billDetail: call({
    method: 'GET',
    path: 'agent/user/billDetail',
    auth: 'agent',
    summary: 'One of the caller’s own entries with what it refers to',
    input: z.object({ id: z.string().regex(/^\d{1,18}$/, 'id must be an entry id') }),
    data: ZBillEntry.extend({ reference: ZBillReference }),
  }),
  recentBill: call({
    method: 'GET',
    path: 'agent/user/recentBill',
    auth: 'agent',
    summary: 'The newest entries of both currencies',
    input: z.object({ limit: z.coerce.number().int().min(1).max(50).default(10) }),
    data: z.object({ list: z.array(ZBillEntry) }),
  }),
  withdrawLog: call({
    method: 'GET',
    path: 'agent/user/withdrawLogPost',
    auth: 'agent',
    summary: 'The caller’s withdrawals',
    input: ZPageQuery.extend({ status: ZWithdrawalStatus.optional() }),
    data: ZPage(ZWithdrawal),
  }),
  withdraw: call({
    method: 'POST',
    path: 'agent/user/withdrawPostByUser',
    auth: 'agent',
    summary:
      'Apply to withdraw cash to a saved payout account, or to one typed here (optionally saved); the amount leaves the balance at once',
    /**
     * Either `payoutAccountId` (a saved account of the caller) or the account typed here (`accountType`,
     * `accountName`, `accountNo`, `bankName` for a bank card; checked as payoutAccountAdd checks it, and saved too
     * with `saveAccount`). The withdrawal keeps its own sealed copy of the number either way.
     */
    input: z
      .object({
        amount: ZMoneyInput,
        payoutAccountId: ZId.optional(),
        accountType: ZWithdrawalAccountType.optional(),
        accountName: ZWithdrawalAccountText.optional(),
        accountNo: ZWithdrawalAccountText.optional(),
        /** Required for a bank card (`bankNameRequired`). */
        bankName: ZWithdrawalBankName.optional(),
        saveAccount: z.boolean().optional(),
        requestId: ZRequestId,
      })
      .refine(
        (v) =>
          v.payoutAccountId !== undefined
            ? v.accountType === undefined &&
              v.accountName === undefined &&
              v.accountNo === undefined &&
              v.bankName === undefined &&
              v.saveAccount === undefined
            : v.accountType !== undefined && v.accountName !== undefined && v.accountNo !== undefined,
        {
          message: 'either payoutAccountId, or accountType, accountName and accountNo',
          path: ['payoutAccountId'],
        },
      ),
    data: z.object({ withdrawal: ZWithdrawal, balance: ZMoney }),
  }),
  withdrawalTransferConfirm: call({
    method: 'POST',
    path: 'agent/user/withdrawTransferConfirm',
    auth: 'agent',
    summary:
      'The parameters of WeChat’s confirmation of receipt (WeixinJSBridge requestMerchantTransfer) of the caller’s own withdrawal paid by WeChat transfer, while it waits for it',
    input: z.object({
      id: z
        .string()
        .regex(/^\d{1,15}$/, 'id must be digits')
        .refine((value) => Number(value) > 0 && Number(value) <= Number.MAX_SAFE_INTEGER, 'id out of range'),
    }),
    data: z.object({ mchId: z.string(), appId: z.string(), package: z.string() }),
  }),
  withdrawExchange: call({
    method: 'POST',
    path: 'agent/user/withdrawExchange',
    auth: 'agent',
    summary: 'Exchange balance for diamonds at the agent’s own price',
    input: z.object({ amount: ZMoneyInput, requestId: ZRequestId }),
    data: z.object({ diamondsAdded: z.number().int(), balance: ZMoney, diamonds: z.number().int() }),
  }),
  recentUser: call({
    method: 'GET',
    path: 'agent/user/recentUser',
    auth: 'agent',
    summary: 'Players this agent recharged lately',
    input: ZEmpty,
    data: z.object({ list: z.array(ZRecentPlayer) }),
  }),
  children: call({
    method: 'GET',
    path: 'agent/user/children',
    auth: 'agent',
    summary:
      'Child agents with their team size: the direct children of the caller (or of `parentId`, an agent of its downline), or with scope `team` every agent below the caller, nearest first',
    input: ZPageQuery.extend({
      keyword: ZText(DOWNLINE_SEARCH_KEYWORD_MAX).optional(),
      parentId: ZAgentId.optional(),
      scope: z.enum(['direct', 'team']).optional(),
    }),
    data: ZPage(ZChildAgent),
  }),
  tree: call({
    method: 'GET',
    path: 'agent/user/tree',
    auth: 'agent',
    summary:
      'One level of the caller’s downline tree: the caller (or `parentId`, an agent of its downline) with its children (the biggest teams first, at most TREE_CHILDREN_MAX), each with level, price, team size and how many children it has',
    input: z.object({ parentId: ZAgentId.optional() }),
    data: z.object({ root: ZTreeNode }),
  }),
  setPrice: call({
    method: 'POST',
    path: 'agent/user/price',
    auth: 'agent',
    summary: 'Set a child’s price between the caller’s price and retail',
    input: z.object({ childId: ZAgentId, price: ZMoneyInput }),
    data: z.object({ childId: z.number().int(), price: ZMoney }),
  }),
  transferAgent: call({
    method: 'POST',
    path: 'agent/user/transferAgent',
    auth: 'agent',
    summary: 'Transfer diamonds to an agent of the caller’s downline',
    input: z.object({
      toAgentId: ZAgentId,
      diamonds: ZDiamondsPerMove,
      requestId: ZRequestId,
    }),
    /** `diamonds`: the sender's stock after the transfer. */
    data: z.object({ diamonds: z.number().int(), transferId: z.string() }),
  }),
  recentTransfers: call({
    method: 'GET',
    path: 'agent/user/recentTransfers',
    auth: 'agent',
    summary: 'Agents the caller transferred diamonds to lately, newest first, each once',
    /**
     * Only the caller's own transfers, and only to agents still in its downline (one moved away by the operator is
     * left out: a transfer to it would be refused).
     */
    input: z.object({ limit: z.coerce.number().int().min(1).max(50).default(20) }),
    data: z.object({ list: z.array(ZRecentTransfer) }),
  }),
  setChildAgent: call({
    method: 'POST',
    path: 'agent/user/setChildAgent',
    auth: 'agent',
    summary: 'Make a player bound to the caller its child agent',
    input: z.object({ playerId: ZPlayerId, level: ZAgentLevel }),
    data: z.object({ child: ZChildAgent }),
  }),
  searchUser: call({
    method: 'GET',
    path: 'agent/index/searchUser',
    auth: 'agent',
    summary: 'Find players by id or mobile (playerSearchOf); any other keyword finds none',
    input: z.object({ keyword: ZText(32, { min: 1 }) }),
    data: z.object({ list: z.array(ZPlayerSummary) }),
  }),
  recharge: call({
    method: 'POST',
    path: 'agent/index/recharge',
    auth: 'agent',
    summary: 'Recharge diamonds from the agent’s stock to a player',
    input: z.object({
      playerId: ZPlayerId,
      diamonds: ZDiamondsPerMove,
      requestId: ZRequestId,
    }),
    /** `diamonds`: the agent's stock after the recharge. */
    data: z.object({ rechargeId: z.string(), diamonds: z.number().int(), player: ZPlayerSummary }),
  }),
  readArticle: call({
    method: 'POST',
    path: 'portal/articles/read',
    auth: 'anyone',
    summary: 'An article by id or slug',
    input: z
      .object({ id: ZId.optional(), slug: ZText(64, { trim: false }).optional() })
      .refine((v) => v.id !== undefined || v.slug !== undefined, {
        message: 'id or slug is required',
        path: ['id'],
      }),
    data: ZArticle,
  }),
  getCaptcha: call({
    method: 'POST',
    path: 'user/public/getCaptcha',
    auth: 'anyone',
    summary: 'Send an SMS code',
    input: z.object({ mobile: ZMobile, purpose: ZCaptchaPurpose }),
    data: z.object({ ttlSeconds: z.number().int() }),
  }),
  getUserByMobile: call({
    method: 'POST',
    path: 'user/public/getUserByMobile',
    auth: 'signedIn',
    summary:
      'A player by verified mobile: the caller itself, or a player bound to the calling agent’s downline (anyone else: not found)',
    input: z.object({ mobile: ZMobile }),
    data: z.object({
      playerId: z.number().int(),
      nickname: z.string(),
      avatar: z.string(),
      isAgent: z.boolean(),
    }),
  }),
  telVerify: call({
    method: 'POST',
    path: 'user/public/telvertify',
    auth: 'signedIn',
    summary: 'Bind a verified mobile to the account',
    input: z.object({ mobile: ZMobile, code: ZCaptchaCode }),
    data: z.object({ mobile: z.string() }),
  }),
  getOptionsByKey: call({
    method: 'POST',
    path: 'system/version/getOptionsByKey',
    auth: 'anyone',
    summary: 'A public option',
    input: z.object({ key: ZToken(64) }),
    data: z.object({ key: z.string(), value: z.string() }),
  }),
  // ---- beyond the seed's table: passwords (issue: identity and onboarding) ----
  changePassword: call({
    method: 'POST',
    path: 'agent/user/changePassword',
    auth: 'agent',
    summary: 'Change the password (old + new); every other session of the agent is revoked',
    input: z.object({ oldPassword: ZToken(128), newPassword: ZPassword }),
    data: z.object({ revokedSessions: z.number().int() }),
  }),
  resetPassword: call({
    method: 'POST',
    path: 'agent/public/resetPassword',
    auth: 'anyone',
    summary:
      'Set a new password with an SMS code sent to the agent’s verified mobile; every session is revoked',
    input: z.object({ mobile: ZMobile, captcha: ZCaptchaCode, newPassword: ZPassword }),
    data: z.object({ agentId: z.number().int() }),
  }),
  shopCategories: call({
    method: 'POST',
    path: 'shop/goods/categories',
    auth: 'signedIn',
    uidHeader: true,
    summary: 'Categories with goods, priced for the caller',
    input: ZEmpty,
    data: z.object({ list: z.array(ZGoodsCategory) }),
  }),
  buyGoods: call({
    method: 'POST',
    path: 'shop/goods/buyGoods',
    auth: 'signedIn',
    uidHeader: true,
    summary: 'Create an order and its payment',
    input: z.object({
      goodsId: z.number().int().positive().max(INT4_MAX),
      quantity: ZPurchaseQuantity,
      requestId: ZRequestId,
      /** 'jsapi' inside WeChat's browser (pay through its JS bridge), otherwise 'h5' (the default). */
      channel: ZPayChannel.optional(),
    }),
    /**
     * `payUrl`: where the buyer goes: the provider's checkout; with `wechatPay`, this order's page, once the bridge
     * `WeixinJSBridge.invoke('getBrandWCPayRequest', wechatPay, ...)` has answered. `wechatPay` comes only for a
     * 'jsapi' order with WeChat Pay; other providers answer a checkout for every channel.
     */
    data: z.object({
      orderId: z.string(),
      amount: ZMoney,
      payUrl: z.string(),
      wechatPay: ZWechatPayBridge.optional(),
    }),
  }),
  wechatPayer: call({
    method: 'POST',
    path: 'shop/pay/wechatPayer',
    auth: 'signedIn',
    uidHeader: true,
    summary:
      'Record the WeChat openid that pays for the signed-in player, from the code of a getCode(scope snsapi_base)',
    input: z.object({ code: ZToken(256), state: ZToken(512), nonce: ZOAuthNonce }),
    data: ZEmpty,
  }),
  orderQuery: call({
    method: 'POST',
    path: 'shop/order/orderquery',
    auth: 'signedIn',
    uidHeader: true,
    summary: 'An order of the caller',
    input: z.object({ orderId: ZToken(64) }),
    data: z.object({
      orderId: z.string(),
      status: ZOrderStatus,
      amount: ZMoney,
      paidAt: ZIsoDate.nullable(),
      goods: z.object({
        id: z.number().int(),
        name: z.string(),
        diamonds: z.number().int(),
        quantity: z.number().int(),
      }),
      /**
       * Whether the game has the diamonds of a player's paid order; null while unpaid, and for an agent's purchase
       * (its stock is ours, not the game's).
       */
      gameDelivery: ZGameDelivery.nullable(),
    }),
  }),
  ...dashboardCalls,
  ...profileCalls,
  ...inboxCalls,
  ...payoutCalls,
} as const;
