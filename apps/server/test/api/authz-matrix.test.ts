import { randomUUID } from 'node:crypto';
import {
  type CallDef,
  type CallName,
  calls,
  hasRight,
  type OperatorRole,
  ResponseCode,
  SESSION_EXPIRED_MSG,
  ZOperatorRole,
} from '@promoter/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payoutAccounts, players } from '../../src/db/schema';
import { createAgent, createGoods, createPlayer, fund, signIn } from '../factories';
import { build, callRaw, type TestApp } from '../helper';
import { notify } from '../../src/modules/notifications/notification-service';
import { createTestOperator, operatorToken, type TestOperator } from '../operator-factories';

/**
 * The authorization matrix, generated from the contract's `auth` field. Every call times every kind of
 * caller; each answer keeps the access rule (10001 anonymously, players refused on agent calls, 1002 for a frozen
 * agent on every call that needs a session but logout, the shop's included), refuses an input that targets someone
 * outside the caller's reach, and never carries another agent's data (the secrets below).
 *
 * The world: parent R (level 1) -> agent A (level 2) -> child B (level 3) and frozen F (level 3); players P and P2
 * bound to A; another agent X (level 2) under XR, with its player XP bound to it.
 */
const ROLES = ['anonymous', 'player', 'agent', 'anotherAgent', 'parent', 'child', 'frozen'] as const;
type Role = (typeof ROLES)[number];
const AGENT_ROLES: readonly Role[] = ['agent', 'anotherAgent', 'parent', 'child', 'frozen'];

interface World {
  ids: Record<Exclude<Role, 'anonymous'>, { playerId: number; agentId: number | null }>;
  xp: number;
  /** A second player bound to A, for A to make its child agent. */
  p2: number;
  xpMobile: string;
  pMobile: string;
  goodsId: number;
  orderOf: { agent: string; anotherAgent: string; xp: string };
  entryOf: { agent: string; anotherAgent: string };
  withdrawalOf: { agent: string };
  /** X's saved payout account (its whole row, to put it back after a delete). */
  payoutOf: { anotherAgent: typeof payoutAccounts.$inferSelect };
}

interface Case {
  input: (w: World) => Record<string, unknown>;
  /**
   * Who may succeed with this input, among the callers the access rule lets through: 'any' for a call on the
   * caller's own data or public data; otherwise the roles that own the target (everyone else must be refused).
   */
  mayAct: 'any' | readonly Role[];
  /** Puts the world back after a call that may change it. */
  restore?: (w: World) => Promise<void>;
}

const ANY = 'any' as const;
const NOBODY: readonly Role[] = [];
const rid = () => randomUUID();
/** The browser's half of a WeChat authorization (ignored where a call does not take one). */
const NONCE = 'matrix-nonce-0123456789';

/** One entry per call of the contract: a new call without one fails the first test below. */
const table: Record<CallName, Case[]> = {
  tokenLogin: [{ input: () => ({ token: 'not-a-ticket' }), mayAct: NOBODY }],
  logout: [{ input: () => ({}), mayAct: ANY }],
  checkUserType: [{ input: (w) => ({ playerId: w.xp }), mayAct: ANY }],
  loginByUnionId: [{ input: () => ({ unionId: 'u-1', ticket: 'forged' }), mayAct: NOBODY }],
  loginById: [
    { input: (w) => ({ agentId: w.ids.anotherAgent.agentId, password: 'wrong-pass' }), mayAct: NOBODY },
  ],
  getPlayer: [
    { input: (w) => ({ playerId: w.xp }), mayAct: ['anotherAgent'] },
    { input: (w) => ({ playerId: w.ids.player.playerId }), mayAct: ['player', 'agent', 'parent'] },
  ],
  playerBindLogin: [
    { input: (w) => ({ token: 'not-a-ticket', agentId: w.ids.agent.agentId as number }), mayAct: NOBODY },
  ],
  getCode: [
    { input: () => ({ redirect: 'http://promoter.test/#/session/loginWx', nonce: NONCE }), mayAct: ANY },
  ],
  getUnionId: [{ input: () => ({ code: 'code', state: 'forged-state', nonce: NONCE }), mayAct: NOBODY }],
  agentCard: [{ input: (w) => ({ agentId: w.ids.anotherAgent.agentId as number }), mayAct: ANY }],
  bind: [{ input: (w) => ({ agentId: w.ids.anotherAgent.agentId as number }), mayAct: NOBODY }],
  unbind: [
    {
      input: () => ({}),
      mayAct: ['player'],
      restore: async (w) => {
        await t.db
          .update(players)
          .set({ boundAgentId: w.ids.agent.agentId })
          .where(eq(players.id, w.ids.player.playerId));
      },
    },
  ],
  registerCaptcha: [{ input: () => ({ mobile: '13600000001' }), mayAct: ANY }],
  validatePlayer: [{ input: (w) => ({ playerId: w.xp }), mayAct: ANY }],
  register: [
    { input: () => ({ mobile: '13600000002', captcha: '000000', password: 'secret123' }), mayAct: NOBODY },
  ],
  getUser: [{ input: () => ({}), mayAct: ANY }],
  bill: [{ input: () => ({ currency: 1 }), mayAct: ANY }],
  billDetail: [
    { input: (w) => ({ id: w.entryOf.anotherAgent }), mayAct: ['anotherAgent'] },
    { input: (w) => ({ id: w.entryOf.agent }), mayAct: ['agent'] },
  ],
  recentBill: [{ input: () => ({}), mayAct: ANY }],
  withdrawLog: [{ input: () => ({}), mayAct: ANY }],
  withdraw: [
    {
      input: () => ({
        amount: '1000000.00',
        accountType: 'alipay',
        accountName: 'n',
        accountNo: 'matrix@example.com',
        requestId: rid(),
      }),
      mayAct: NOBODY,
    },
  ],
  // Decision 046: the agent's own withdrawal only, while its WeChat transfer waits (A's is pending: refused to all).
  withdrawalTransferConfirm: [{ input: (w) => ({ id: w.withdrawalOf.agent }), mayAct: NOBODY }],
  withdrawExchange: [{ input: () => ({ amount: '1000000.00', requestId: rid() }), mayAct: NOBODY }],
  recentUser: [{ input: () => ({}), mayAct: ANY }],
  recentTransfers: [{ input: () => ({}), mayAct: ANY }],
  children: [{ input: () => ({}), mayAct: ANY }],
  tree: [{ input: () => ({}), mayAct: ANY }],
  setPrice: [
    { input: (w) => ({ childId: w.ids.child.agentId as number, price: '0.65' }), mayAct: ['agent'] },
    { input: (w) => ({ childId: w.ids.anotherAgent.agentId as number, price: '0.65' }), mayAct: NOBODY },
  ],
  transferAgent: [
    {
      input: (w) => ({ toAgentId: w.ids.child.agentId as number, diamonds: 1, requestId: rid() }),
      mayAct: ['agent', 'parent'],
    },
    {
      input: (w) => ({ toAgentId: w.ids.anotherAgent.agentId as number, diamonds: 1, requestId: rid() }),
      mayAct: NOBODY,
    },
  ],
  setChildAgent: [
    { input: (w) => ({ playerId: w.p2, level: 3 }), mayAct: ['agent'] },
    { input: (w) => ({ playerId: w.xp, level: 3 }), mayAct: ['anotherAgent'] },
  ],
  searchUser: [{ input: (w) => ({ keyword: w.xpMobile }), mayAct: ANY }],
  recharge: [{ input: (w) => ({ playerId: w.xp, diamonds: 1, requestId: rid() }), mayAct: ANY }],
  // The profile and the players list (decision 021): the caller's own account and players only.
  agentProfile: [{ input: () => ({}), mayAct: ANY }],
  sessionList: [{ input: () => ({}), mayAct: ANY }],
  endOtherSessions: [{ input: () => ({}), mayAct: ANY }],
  boundPlayers: [
    { input: () => ({}), mayAct: ANY },
    // Another agent's player by its mobile: found by its own agent only, never shown to anyone else.
    { input: (w) => ({ keyword: w.xpMobile }), mayAct: ANY },
  ],
  readArticle: [{ input: () => ({ slug: 'no-such-article' }), mayAct: ANY }],
  getCaptcha: [{ input: () => ({ mobile: '13600000003', purpose: 'login' }), mayAct: ANY }],
  // A stranger's player by its mobile: found by its own agent only (decision 037).
  getUserByMobile: [{ input: (w) => ({ mobile: w.xpMobile }), mayAct: ['anotherAgent'] }],
  telVerify: [{ input: () => ({ mobile: '13600000004', code: '000000' }), mayAct: NOBODY }],
  getOptionsByKey: [{ input: () => ({ key: 'withdraw.min' }), mayAct: ANY }],
  changePassword: [
    { input: () => ({ oldPassword: 'wrong-pass', newPassword: 'secret123' }), mayAct: NOBODY },
  ],
  resetPassword: [
    { input: () => ({ mobile: '13600000005', captcha: '000000', newPassword: 'secret123' }), mayAct: NOBODY },
  ],
  shopCategories: [{ input: () => ({}), mayAct: ANY }],
  buyGoods: [{ input: (w) => ({ goodsId: w.goodsId, quantity: 1, requestId: rid() }), mayAct: ANY }],
  wechatPayer: [{ input: () => ({ code: 'code', state: 'forged-state', nonce: NONCE }), mayAct: NOBODY }],
  orderQuery: [
    { input: (w) => ({ orderId: w.orderOf.anotherAgent }), mayAct: ['anotherAgent'] },
    { input: (w) => ({ orderId: w.orderOf.agent }), mayAct: ['agent'] },
    { input: (w) => ({ orderId: w.orderOf.xp }), mayAct: NOBODY },
  ],
  // The dashboards (decision 020): each the caller's own figures; an invite link counts for an active agent only.
  dashboardEcommerce: [{ input: () => ({ period: '30d' }), mayAct: ANY }],
  dashboardWebAnalytics: [{ input: () => ({ period: '30d' }), mayAct: ANY }],
  dashboardAgency: [{ input: () => ({ period: '30d', rankBy: 'diamonds' }), mayAct: ANY }],
  dashboardSaas: [{ input: () => ({ period: '30d' }), mayAct: ANY }],
  dashboardMagazine: [{ input: () => ({}), mayAct: ANY }],
  dashboardNews: [{ input: () => ({}), mayAct: ANY }],
  inviteOpen: [
    { input: (w) => ({ agentId: w.ids.agent.agentId, visitorId: 'matrix-visitor-0123456789' }), mayAct: ANY },
    {
      input: (w) => ({ agentId: w.ids.frozen.agentId, visitorId: 'matrix-visitor-0123456789' }),
      mayAct: NOBODY,
    },
  ],
  // The inbox (decision 018): the caller's own notifications only; marking another's changes nothing.
  notificationList: [{ input: () => ({}), mayAct: ANY }],
  notificationUnreadCount: [{ input: () => ({}), mayAct: ANY }],
  notificationMarkRead: [{ input: () => ({ ids: [noticeOfA] }), mayAct: ANY }],
  // The operator console (decision 018): no agent, player or anonymous caller gets through (10101); the roles of the
  // operators are the matrix at the end of this file. Inputs that change nothing when they do pass.
  adminLogin: [{ input: () => ({ name: 'owner', password: 'wrong-pass', code: '000000' }), mayAct: NOBODY }],
  adminLogout: [{ input: () => ({}), mayAct: NOBODY }],
  adminMe: [{ input: () => ({}), mayAct: NOBODY }],
  adminChangePassword: [
    { input: () => ({ oldPassword: 'wrong-pass', newPassword: 'new-password-123' }), mayAct: NOBODY },
  ],
  adminOperatorList: [{ input: () => ({}), mayAct: NOBODY }],
  adminOperatorCreate: [
    { input: () => ({ name: `matrix-${rid().slice(0, 8)}`, role: 'viewer' }), mayAct: NOBODY },
  ],
  adminOperatorUpdate: [{ input: () => ({ id: 999_999, role: 'viewer', reason: 'matrix' }), mayAct: NOBODY }],
  adminOperatorReset: [
    {
      input: () => ({ id: 999_999, password: true, twoFactor: false, reason: 'matrix', code: '000000' }),
      mayAct: NOBODY,
    },
  ],
  adminOperatorRevokeSessions: [{ input: () => ({ id: 999_999 }), mayAct: NOBODY }],
  adminWithdrawalList: [{ input: () => ({}), mayAct: NOBODY }],
  adminWithdrawalDetail: [{ input: (w) => ({ id: w.withdrawalOf.agent }), mayAct: NOBODY }],
  adminWithdrawalApprove: [{ input: () => ({ id: '999999999' }), mayAct: NOBODY }],
  adminWithdrawalReject: [{ input: () => ({ id: '999999999', reason: 'matrix' }), mayAct: NOBODY }],
  adminWithdrawalPay: [{ input: () => ({ id: '999999999', reference: 'matrix' }), mayAct: NOBODY }],
  adminWithdrawalFail: [{ input: () => ({ id: '999999999', reason: 'matrix' }), mayAct: NOBODY }],
  adminWithdrawalBatchApprove: [{ input: () => ({ ids: ['999999999'] }), mayAct: NOBODY }],
  adminWithdrawalBatchReject: [{ input: () => ({ ids: ['999999999'], reason: 'matrix' }), mayAct: NOBODY }],
  adminAuditList: [
    { input: () => ({}), mayAct: NOBODY },
    { input: () => ({ sort: 'action', order: 'asc' }), mayAct: NOBODY },
  ],
  // Settings, catalog and orders (decision 018): an update to the value it has, edits of rows that do not exist.
  adminOptionsGet: [{ input: () => ({}), mayAct: NOBODY }],
  adminOptionsUpdate: [
    {
      input: () => ({ reason: 'matrix', changes: [{ key: 'price.level2', value: '0.60', seen: '0.60' }] }),
      mayAct: NOBODY,
    },
  ],
  adminOptionsHistory: [{ input: () => ({}), mayAct: NOBODY }],
  adminCategoryList: [{ input: () => ({}), mayAct: NOBODY }],
  adminCategorySave: [
    {
      input: () => ({ id: 999_999, revision: '0123456789abcdef', name: 'matrix', names: {} }),
      mayAct: NOBODY,
    },
  ],
  adminCategoryReorder: [{ input: () => ({ ids: [999_999] }), mayAct: NOBODY }],
  adminCategoryDelete: [{ input: () => ({ id: 999_999, revision: '0123456789abcdef' }), mayAct: NOBODY }],
  adminGoodsList: [{ input: () => ({}), mayAct: NOBODY }],
  adminGoodsSave: [
    {
      input: (w) => ({
        id: 999_999,
        revision: '0123456789abcdef',
        categoryId: w.goodsId,
        name: 'matrix',
        names: {},
        image: '',
        diamonds: 1,
        active: true,
      }),
      mayAct: NOBODY,
    },
  ],
  adminGoodsSetActive: [{ input: () => ({ id: 999_999, active: false }), mayAct: NOBODY }],
  adminGoodsReorder: [{ input: () => ({ categoryId: 999_999, ids: [999_999] }), mayAct: NOBODY }],
  adminOrderList: [
    { input: () => ({}), mayAct: NOBODY },
    { input: () => ({ sort: 'amount', order: 'asc' }), mayAct: NOBODY },
  ],
  adminOrderDetail: [{ input: (w) => ({ orderId: w.orderOf.agent }), mayAct: NOBODY }],
  adminOrderRelease: [{ input: (w) => ({ orderId: w.orderOf.agent, reason: 'matrix' }), mayAct: NOBODY }],
  adminRefundCreate: [
    {
      input: (w) => ({ orderId: w.orderOf.agent, amount: '0.01', reason: 'matrix', requestId: randomUUID() }),
      mayAct: NOBODY,
    },
  ],
  adminRefundApprove: [{ input: () => ({ id: `rf_${'0'.repeat(24)}` }), mayAct: NOBODY }],
  adminRefundReject: [{ input: () => ({ id: `rf_${'0'.repeat(24)}`, reason: 'matrix' }), mayAct: NOBODY }],
  adminRefundList: [{ input: () => ({}), mayAct: NOBODY }],
  adminAgentList: [{ input: () => ({}), mayAct: NOBODY }],
  adminAgentDetail: [{ input: (w) => ({ agentId: w.ids.agent.agentId as number }), mayAct: NOBODY }],
  adminAgentFreeze: [{ input: () => ({ agentId: 999_999, reason: 'matrix' }), mayAct: NOBODY }],
  adminAgentUnfreeze: [{ input: () => ({ agentId: 999_999, reason: 'matrix' }), mayAct: NOBODY }],
  adminAgentReviewRegistration: [
    { input: () => ({ agentId: 999_999, approve: true, reason: 'matrix' }), mayAct: NOBODY },
  ],
  adminAgentResetPassword: [{ input: () => ({ agentId: 999_999, reason: 'matrix' }), mayAct: NOBODY }],
  adminAgentLedger: [
    { input: (w) => ({ agentId: w.ids.agent.agentId as number, currency: 'balance' }), mayAct: NOBODY },
  ],
  adminAgentSessions: [{ input: (w) => ({ agentId: w.ids.agent.agentId as number }), mayAct: NOBODY }],
  adminAgentRevokeSessions: [{ input: () => ({ agentId: 999_999, reason: 'matrix' }), mayAct: NOBODY }],
  adminAgentChangeLevel: [
    { input: () => ({ agentId: 999_999, level: 3, expectedLevel: 2, reason: 'matrix' }), mayAct: NOBODY },
  ],
  adminAgentMovePreview: [
    {
      input: (w) => ({
        agentId: w.ids.child.agentId as number,
        newParentId: w.ids.anotherAgent.agentId as number,
      }),
      mayAct: NOBODY,
    },
  ],
  adminAgentMove: [
    {
      input: () => ({ agentId: 999_999, newParentId: null, expectedParentId: null, reason: 'matrix' }),
      mayAct: NOBODY,
    },
  ],
  adminPlayerList: [
    { input: () => ({}), mayAct: NOBODY },
    { input: () => ({ sort: 'diamonds', order: 'desc' }), mayAct: NOBODY },
  ],
  adminPlayerDetail: [{ input: (w) => ({ playerId: w.ids.player.playerId }), mayAct: NOBODY }],
  adminPlayerRecharges: [{ input: (w) => ({ playerId: w.xp }), mayAct: NOBODY }],
  adminPlayerUnbind: [
    { input: () => ({ playerId: 999_999, expectedAgentId: 999_999, reason: 'matrix' }), mayAct: NOBODY },
  ],
  adminAdjustmentCreate: [
    {
      input: () => ({
        ownerType: 'agent',
        ownerId: 999_999,
        currency: 'balance',
        direction: 'credit',
        amount: '1.00',
        reason: 'matrix',
        requestId: rid(),
      }),
      mayAct: NOBODY,
    },
  ],
  adminAdjustmentApprove: [{ input: () => ({ id: '999999999' }), mayAct: NOBODY }],
  adminAdjustmentReject: [{ input: () => ({ id: '999999999', reason: 'matrix' }), mayAct: NOBODY }],
  adminAdjustmentList: [
    { input: () => ({}), mayAct: NOBODY },
    { input: () => ({ sort: 'decidedAt', order: 'asc' }), mayAct: NOBODY },
  ],
  adminReportSummary: [{ input: () => ({ days: 7 }), mayAct: NOBODY }],
  // The game's deliveries (decision 040): an unknown event, a pause put back, the rest refused without an endpoint.
  adminGameOverview: [{ input: () => ({}), mayAct: NOBODY }],
  adminGameEventList: [
    { input: () => ({}), mayAct: NOBODY },
    { input: () => ({ status: 'failed' }), mayAct: NOBODY },
  ],
  adminGameEventDetail: [{ input: () => ({ id: `evt_${'0'.repeat(32)}` }), mayAct: NOBODY }],
  adminGameRetry: [{ input: () => ({ id: `evt_${'0'.repeat(32)}` }), mayAct: NOBODY }],
  adminGameRetryAll: [{ input: () => ({ reason: 'matrix' }), mayAct: NOBODY }],
  adminGamePause: [
    {
      input: () => ({ reason: 'matrix' }),
      mayAct: NOBODY,
      restore: async () => {
        await t.db.execute(sql`update game_endpoint set paused = false, paused_at = null,
          paused_reason = null, paused_by = null`);
      },
    },
  ],
  adminGameResume: [{ input: () => ({ reason: 'matrix' }), mayAct: NOBODY }],
  adminGameTest: [{ input: () => ({}), mayAct: NOBODY }],
  adminGameRotateSecret: [{ input: () => ({ reason: 'matrix', code: '000000' }), mayAct: NOBODY }],
  adminGameFinishRotation: [{ input: () => ({ reason: 'matrix' }), mayAct: NOBODY }],
  adminGameReconciliation: [{ input: () => ({ days: 7 }), mayAct: NOBODY }],
  // The reconciliation with the provider's bill (decision 045): reads; a day that is not over and an unknown item are
  // refused, so nothing is run or resolved.
  adminReconciliationList: [
    { input: () => ({}), mayAct: NOBODY },
    { input: () => ({ status: 'failed' }), mayAct: NOBODY },
  ],
  adminReconciliationDetail: [{ input: () => ({ id: '999999999', outcome: 'mismatched' }), mayAct: NOBODY }],
  adminReconciliationRun: [{ input: () => ({ date: '2100-01-01' }), mayAct: NOBODY }],
  adminReconciliationResolve: [
    { input: () => ({ itemId: '999999999', resolution: 'matrix' }), mayAct: NOBODY },
  ],
  adminArticleList: [{ input: () => ({}), mayAct: NOBODY }],
  adminArticleGet: [{ input: () => ({ id: 999_999 }), mayAct: NOBODY }],
  adminArticleSave: [
    {
      input: () => ({
        id: 999_999,
        title: 'matrix',
        content: 'matrix',
        expectedUpdatedAt: '2026-01-01T00:00:00Z',
      }),
      mayAct: NOBODY,
    },
  ],
  adminAnnouncementList: [{ input: () => ({}), mayAct: NOBODY }],
  adminAnnouncementSave: [
    {
      input: () => ({
        id: 999_999,
        title: 'matrix',
        content: 'matrix',
        level: null,
        expectedUpdatedAt: '2026-01-01T00:00:00Z',
      }),
      mayAct: NOBODY,
    },
  ],
  adminAnnouncementWithdraw: [{ input: () => ({ id: 999_999 }), mayAct: NOBODY }],
  // Payout accounts (decision 019). Only their owner changes one; a number is never answered whole (the secrets below).
  payoutAccountList: [{ input: () => ({}), mayAct: ANY }],
  payoutAccountAdd: [
    {
      input: () => ({
        type: 'alipay',
        holderName: 'matrix-add',
        accountNo: `m${rid().slice(0, 8)}@matrix.example`,
      }),
      mayAct: ANY,
      restore: async () => {
        await t.db.delete(payoutAccounts).where(eq(payoutAccounts.holderName, 'matrix-add'));
      },
    },
  ],
  payoutAccountDelete: [
    {
      input: (w) => ({ id: w.payoutOf.anotherAgent.id }),
      mayAct: ['anotherAgent'],
      restore: async (w) => {
        await t.db.execute(sql`insert into payout_accounts
          (id, agent_id, type, holder_name, bank_name, account_sealed, account_masked, is_default)
          overriding system value
          values (${w.payoutOf.anotherAgent.id}, ${w.payoutOf.anotherAgent.agentId}, 'bank', ${w.payoutOf.anotherAgent.holderName},
            ${w.payoutOf.anotherAgent.bankName}, ${w.payoutOf.anotherAgent.accountSealed},
            ${w.payoutOf.anotherAgent.accountMasked}, true)
          on conflict (id) do nothing`);
      },
    },
  ],
  payoutAccountSetDefault: [{ input: (w) => ({ id: w.payoutOf.anotherAgent.id }), mayAct: ['anotherAgent'] }],
  adminWithdrawalRevealAccount: [{ input: (w) => ({ id: w.withdrawalOf.agent }), mayAct: NOBODY }],
  // Payout files (decision 044): files and imports that do not exist, a selection nobody can export; nothing changes.
  adminPayoutBatchCreate: [{ input: () => ({ channel: 'bank', ids: ['999999999'] }), mayAct: NOBODY }],
  adminPayoutBatchFile: [{ input: () => ({ id: '999999999' }), mayAct: NOBODY }],
  adminPayoutBatchList: [
    { input: () => ({}), mayAct: NOBODY },
    { input: () => ({ status: 'exported', channel: 'alipay' }), mayAct: NOBODY },
  ],
  adminPayoutBatchDetail: [{ input: () => ({ id: '999999999' }), mayAct: NOBODY }],
  adminPayoutBatchCancel: [{ input: () => ({ id: '999999999', reason: 'matrix' }), mayAct: NOBODY }],
  adminPayoutImportPreview: [
    {
      input: () => ({
        batchId: '999999999',
        content: '业务参考号,收款账号,金额,状态\nWD0000000001,1,1.00,成功',
      }),
      mayAct: NOBODY,
    },
  ],
  adminPayoutImportDetail: [{ input: () => ({ id: '999999999' }), mayAct: NOBODY }],
  adminPayoutImportApply: [{ input: () => ({ importId: '999999999' }), mayAct: NOBODY }],
  adminPayoutImportDiscard: [{ input: () => ({ importId: '999999999' }), mayAct: NOBODY }],
};

let t: TestApp;
let w: World;
/** A notification of A's (its inbox id), whose text only A may read. */
let noticeOfA = '';
/** Strings only some callers may ever read, with who may. */
let secrets: { text: string; visibleTo: readonly Role[] }[];

async function entryOf(agentId: number): Promise<string> {
  const result = await t.db
    .execute(sql`select e.id from ledger_entries e join accounts a on a.id = e.account_id
    where a.owner_type = 'agent' and a.owner_id = ${agentId} order by e.id limit 1`);
  return String((result.rows[0] as { id: string | number }).id);
}

async function buy(playerId: number): Promise<string> {
  const answer = await callRaw<{ orderId: string }>(t.app, 'POST', 'shop/goods/buyGoods', {
    token: await signIn(t.app, t.db, playerId),
    headers: { uid: String(playerId) },
    body: { goodsId: w.goodsId, quantity: 1, requestId: rid() },
  });
  expect(answer.code, answer.msg).toBe(1);
  return answer.data.orderId;
}

/** Account numbers whose tail (after the 12 hidden characters) only their owner reads, and whose whole nobody does. */
const ACCOUNT_A = 'acctsecret.a@matrix-a.example';
const ACCOUNT_X = 'acctsecret.x@matrix-x.example';
/** X's bank card (Luhn-valid): its owner reads ************9909, nobody the whole number. */
const CARD_X = '6222020000009909';

async function withdraw(playerId: number, accountNo: string): Promise<void> {
  const answer = await callRaw(t.app, 'POST', 'agent/user/withdrawPostByUser', {
    token: await signIn(t.app, t.db, playerId),
    body: { amount: '100.00', accountType: 'alipay', accountName: 'n', accountNo, requestId: rid() },
  });
  expect(answer.code, answer.msg).toBe(1);
}

beforeAll(async () => {
  t = await build();
  const r = await createAgent(t.db, { level: 1, nickname: 'R' });
  const a = await createAgent(t.db, { level: 2, parentId: r.agentId, nickname: 'A' });
  const b = await createAgent(t.db, { level: 3, parentId: a.agentId, nickname: 'B' });
  const f = await createAgent(t.db, { level: 3, parentId: a.agentId, status: 'frozen', nickname: 'F' });
  const xr = await createAgent(t.db, { level: 1, nickname: 'XR' });
  const x = await createAgent(t.db, { level: 2, parentId: xr.agentId, nickname: 'X' });
  const pMobile = '13700000007';
  const xpMobile = '13900000009';
  const p = await createPlayer(t.db, { boundAgentId: a.agentId, mobile: pMobile });
  const xp = await createPlayer(t.db, { boundAgentId: x.agentId, mobile: xpMobile });
  // Balances no other caller could guess: 5555.55 for A, 7777.77 for X, once their withdrawal of 100.00 is out.
  await fund(t.db, { ownerType: 'agent', ownerId: a.agentId }, 'balance', 565_555);
  await fund(t.db, { ownerType: 'agent', ownerId: a.agentId }, 'diamonds', 1_000);
  await fund(t.db, { ownerType: 'agent', ownerId: x.agentId }, 'balance', 787_777);
  await fund(t.db, { ownerType: 'agent', ownerId: x.agentId }, 'diamonds', 1_000);
  const goodsId = await createGoods(t.db);
  w = {
    ids: {
      player: { playerId: p, agentId: null },
      agent: a,
      anotherAgent: x,
      parent: r,
      child: b,
      frozen: f,
    },
    xp,
    p2: await createPlayer(t.db, { boundAgentId: a.agentId }),
    xpMobile,
    pMobile,
    goodsId,
    orderOf: { agent: '', anotherAgent: '', xp: '' },
    entryOf: { agent: await entryOf(a.agentId), anotherAgent: await entryOf(x.agentId) },
    withdrawalOf: { agent: '' },
    payoutOf: {} as World['payoutOf'],
  };
  await withdraw(a.playerId, ACCOUNT_A);
  const withdrawn = await t.db.execute(sql`select id from withdrawals where agent_id = ${a.agentId}`);
  w.withdrawalOf.agent = String((withdrawn.rows[0] as { id: string | number }).id);
  await withdraw(x.playerId, ACCOUNT_X);
  const saved = await callRaw<{ account: { id: number } }>(t.app, 'POST', 'agent/payout/add', {
    token: await signIn(t.app, t.db, x.playerId),
    body: { type: 'bank', holderName: 'X', bankName: 'matrix bank', accountNo: CARD_X },
  });
  expect(saved.code, saved.msg).toBe(1);
  const [payoutRow] = await t.db
    .select()
    .from(payoutAccounts)
    .where(eq(payoutAccounts.id, saved.data.account.id));
  w.payoutOf = { anotherAgent: payoutRow as World['payoutOf']['anotherAgent'] };
  w.orderOf = { agent: await buy(a.playerId), anotherAgent: await buy(x.playerId), xp: await buy(xp) };
  await notify(t.db, {
    agentId: a.agentId,
    kind: 'withdrawalRejected',
    params: { amount: '1.00', reason: 'NOTICE-SECRET-A' },
    ref: { type: 'withdrawal', id: w.withdrawalOf.agent },
  });
  const notice = await t.db.execute(
    sql`select max(id) as id from notifications where agent_id = ${a.agentId}`,
  );
  noticeOfA = `n${(notice.rows[0] as { id: string | number }).id}`;
  secrets = [
    { text: ACCOUNT_A, visibleTo: [] },
    { text: ACCOUNT_A.slice(12), visibleTo: ['agent'] },
    { text: '5555.55', visibleTo: ['agent'] },
    { text: w.orderOf.agent, visibleTo: ['agent'] },
    { text: 'NOTICE-SECRET-A', visibleTo: ['agent'] },
    { text: ACCOUNT_X, visibleTo: [] },
    { text: ACCOUNT_X.slice(12), visibleTo: ['anotherAgent'] },
    { text: CARD_X, visibleTo: [] },
    { text: '0000009909', visibleTo: [] },
    { text: '7777.77', visibleTo: ['anotherAgent'] },
    { text: w.orderOf.anotherAgent, visibleTo: ['anotherAgent'] },
    { text: w.orderOf.xp, visibleTo: [] },
    // A full mobile: the player's own agent and that agent's upline only (others see it masked).
    { text: xpMobile, visibleTo: ['anotherAgent'] },
    { text: pMobile, visibleTo: ['player', 'agent', 'parent'] },
  ];
});
afterAll(async () => t.close());

async function ask(name: CallName, role: Role, input: Record<string, unknown>, uid?: number) {
  const def = calls[name] as CallDef;
  const caller = role === 'anonymous' ? null : w.ids[role];
  const headers: Record<string, string> = {};
  // Anonymous callers of the shop send a uid too (the player's), as a stale page would.
  if (def.uidHeader) headers.uid = String(uid ?? caller?.playerId ?? w.ids.player.playerId);
  const token = caller ? await signIn(t.app, t.db, caller.playerId) : undefined;
  const query =
    def.method === 'GET' ? (input as Record<string, string | number>) : (undefined as never as undefined);
  const response = await t.app.inject({
    method: def.method,
    url: `/api/${def.path}`,
    ...(query ? { query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) } : {}),
    ...(def.method === 'POST' ? { payload: input } : {}),
    headers: { ...headers, ...(token ? { 'xx-token': token } : {}) },
  });
  return {
    status: response.statusCode,
    body: response.body,
    ...(response.json() as { code: number; msg: string }),
  };
}

/** What the access rule alone says of a caller, before the call looks at its input. */
function accessRule(name: CallName, role: Role): { code: number; msg?: string } | 'refused' | 'passes' {
  const { auth } = calls[name] as CallDef;
  if (auth === 'anyone') return 'passes';
  // An agent's XX-Token opens no call of the operator console, whatever the agent.
  if (auth === 'operator') return { code: ResponseCode.operatorNotSignedIn, msg: '请先登录运营后台' };
  if (role === 'anonymous') return { code: ResponseCode.notSignedIn, msg: SESSION_EXPIRED_MSG };
  // FROZEN RULE (decision 005): every call with a session answers 1002 for a frozen agent,
  // logout excepted, the shop's calls included.
  if (role === 'frozen' && name !== 'logout')
    return { code: ResponseCode.agentUnavailable, msg: '您的推广员账号已被冻结，请联系上级或客服' };
  if (auth === 'agent' && role === 'player')
    return { code: ResponseCode.failure, msg: '仅推广员可以使用此功能' };
  if (auth === 'player' && AGENT_ROLES.includes(role)) return 'refused';
  return 'passes';
}

describe('the authorization matrix', () => {
  const names = Object.keys(calls) as CallName[];

  it('has an entry for every call of the contract', () => {
    expect(names.filter((name) => !(name in table) || table[name].length === 0)).toEqual([]);
    expect(Object.keys(table).filter((name) => !(name in calls))).toEqual([]);
  });

  // Before the matrix runs: it may change the world (X makes XP its child agent).
  it('uses real secrets: their owners do read them', async () => {
    const seen = async (name: CallName, role: Role, input: Record<string, unknown>) =>
      (await ask(name, role, input)).body;
    expect(await seen('withdrawLog', 'agent', {})).toContain(`************${ACCOUNT_A.slice(12)}`);
    expect(await seen('getUser', 'agent', {})).toContain('5555.55');
    expect(await seen('orderQuery', 'agent', { orderId: w.orderOf.agent })).toContain(w.orderOf.agent);
    expect(await seen('withdrawLog', 'anotherAgent', {})).toContain(`************${ACCOUNT_X.slice(12)}`);
    expect(await seen('payoutAccountList', 'anotherAgent', {})).toContain('************9909');
    expect(await seen('getUser', 'anotherAgent', {})).toContain('7777.77');
    expect(await seen('searchUser', 'anotherAgent', { keyword: w.xpMobile })).toContain(w.xpMobile);
    expect(await seen('searchUser', 'agent', { keyword: w.pMobile })).toContain(w.pMobile);
    expect(await seen('notificationList', 'agent', {})).toContain('NOTICE-SECRET-A');
  });

  it.each(names)('%s: every caller gets its rule, nobody reads another agent’s data', async (name) => {
    for (const [index, c] of (table[name] ?? []).entries()) {
      for (const role of ROLES) {
        const input = c.input(w);
        const answer = await ask(name, role, input);
        const where = `${name}#${index} as ${role} ${JSON.stringify(input)} -> ${answer.status} ${answer.body.slice(0, 300)}`;
        expect(answer.status, where).toBe(200);
        const rule = accessRule(name, role);
        if (typeof rule === 'object') {
          expect({ code: answer.code, msg: answer.msg }, where).toEqual({ code: rule.code, msg: rule.msg });
        } else if (rule === 'refused' || (c.mayAct !== ANY && !c.mayAct.includes(role))) {
          expect(answer.code, `must be refused: ${where}`).not.toBe(ResponseCode.success);
        }
        for (const secret of secrets) {
          if (!secret.visibleTo.includes(role))
            expect(answer.body, `leaks ${secret.text}: ${where}`).not.toContain(secret.text);
        }
        await c.restore?.(w);
      }
    }
  });

  it('refuses a shop call whose uid header names another player', async () => {
    for (const name of names.filter((n) => (calls[n] as CallDef).uidHeader)) {
      const [c] = table[name];
      const answer = await ask(name, 'agent', (c as Case).input(w), w.ids.anotherAgent.playerId);
      expect(answer, name).toMatchObject({ status: 200, code: 0, msg: '用户身份不一致，请重新登录' });
    }
  });
});

/**
 * Decision 018: every admin call times every role of operator. A role without the call's right is refused with 10103 and
 * the message naming the right; a role with it is never refused by the access rule (its answer is the call's own).
 * An agent's token sent as an operator token, and an expired or revoked operator session, open nothing.
 */
describe('the operator matrix', () => {
  const adminNames = (Object.keys(calls) as CallName[]).filter((name) => calls[name].auth === 'operator');
  const operatorsByRole = {} as Record<OperatorRole, TestOperator>;

  beforeAll(async () => {
    for (const role of ZOperatorRole.options) operatorsByRole[role] = await createTestOperator(t.db, role);
  });

  async function askAs(name: CallName, token: string | undefined, input: Record<string, unknown>) {
    const def = calls[name] as CallDef;
    const answer = await callRaw(t.app, def.method, def.path, {
      ...(def.method === 'GET' ? { query: input } : { body: input }),
      headers: token ? { 'x-operator-token': token } : {},
    });
    return answer;
  }

  it('covers every admin call: the console has calls of every right', () => {
    expect(adminNames.length).toBeGreaterThanOrEqual(16);
    for (const name of adminNames) expect(calls[name].right, name).toBeDefined();
  });

  it.each(adminNames)('%s: each role gets its right, and only its right', async (name) => {
    for (const [index, c] of table[name].entries()) {
      for (const role of ZOperatorRole.options) {
        const operator = operatorsByRole[role];
        const input = c.input(w);
        const answer = await askAs(name, await operatorToken(t.db, operator.id), input);
        const where = `${name}#${index} as ${role} ${JSON.stringify(input)} -> ${answer.status} ${answer.code} ${answer.msg}`;
        expect(answer.status, where).toBe(200);
        const right = calls[name].right as NonNullable<CallDef['right']>;
        if (hasRight(role, right)) {
          expect([ResponseCode.operatorNotSignedIn, ResponseCode.operatorForbidden], where).not.toContain(
            answer.code,
          );
        } else {
          expect({ code: answer.code, msg: answer.msg }, where).toEqual({
            code: ResponseCode.operatorForbidden,
            msg: `您的角色没有此操作的权限（${right}）`,
          });
        }
      }
    }
  });

  it('refuses an agent’s session token sent as an operator token, and no token at all', async () => {
    const agentToken = await signIn(t.app, t.db, w.ids.agent.playerId);
    for (const name of adminNames) {
      for (const token of [agentToken, undefined]) {
        const answer = await askAs(name, token, table[name][0]?.input(w) ?? {});
        expect({ status: answer.status, code: answer.code, msg: answer.msg }, name).toEqual({
          status: 200,
          code: ResponseCode.operatorNotSignedIn,
          msg: '请先登录运营后台',
        });
      }
    }
  });

  it('refuses an expired, a revoked session and a disabled operator', async () => {
    const owner = operatorsByRole.owner;
    const expired = await operatorToken(t.db, owner.id);
    await t.db.execute(sql`update operator_sessions set expires_at = now() - interval '1 second'
      where id = (select max(id) from operator_sessions)`);
    expect((await askAs('adminMe', expired, {})).code).toBe(ResponseCode.operatorNotSignedIn);
    const revoked = await operatorToken(t.db, owner.id);
    await t.db.execute(sql`update operator_sessions set revoked_at = now()
      where id = (select max(id) from operator_sessions)`);
    expect((await askAs('adminMe', revoked, {})).code).toBe(ResponseCode.operatorNotSignedIn);
    const disabled = await createTestOperator(t.db, 'owner', { disabled: true });
    expect((await askAs('adminMe', await operatorToken(t.db, disabled.id), {})).code).toBe(
      ResponseCode.operatorNotSignedIn,
    );
  });
});
