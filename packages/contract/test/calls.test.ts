import { describe, expect, it } from 'vitest';
import { agentCalls, calls, consoleCalls, ZAgentUser } from '../src';

/** The calls of the agents' client; the operator console's live under admin/ (decision 018). */
const clientCalls = Object.values(calls).filter((c) => !c.path.startsWith('admin/'));

describe('the call table', () => {
  it('keeps every operator call under admin/, for operators only (but their login), each path once', () => {
    const admin = Object.values(calls).filter((c) => c.path.startsWith('admin/'));
    expect(admin.length).toBeGreaterThan(0);
    expect(new Set(admin.map((c) => c.path)).size).toBe(admin.length);
    for (const call of admin)
      expect([call.path, call.auth]).toEqual([
        call.path,
        call.path === 'admin/auth/login' ? 'anyone' : 'operator',
      ]);
    expect(clientCalls.filter((c) => c.auth === 'operator')).toEqual([]);
  });

  it('splits into the agents’ table and the console’s, which the web loads with the console (decision 029)', () => {
    const agentNames = Object.keys(agentCalls);
    const consoleNames = Object.keys(consoleCalls);
    expect(agentNames.filter((name) => name in consoleCalls)).toEqual([]);
    expect([...agentNames, ...consoleNames].sort()).toEqual(Object.keys(calls).sort());
    expect(Object.values(agentCalls).filter((c) => c.path.startsWith('admin/'))).toEqual([]);
    expect(Object.values(consoleCalls).filter((c) => !c.path.startsWith('admin/'))).toEqual([]);
  });

  it('holds the 35 calls of the design plus logout, the two password calls, the tree, the agent card, the WeChat payer, the profile (4), the inbox (3), the dashboards (7), the payout accounts (4), the recent transfer targets and the confirmation of a WeChat transfer (decision 046), each path once', () => {
    const paths = clientCalls.map((c) => c.path);
    expect(paths).toHaveLength(61);
    expect(new Set(paths).size).toBe(61);
    expect(paths).toEqual(
      expect.arrayContaining([
        'agent/login/logout',
        'agent/user/changePassword',
        'agent/public/resetPassword',
        'agent/user/tree',
        'agent/public/agentCard',
        'shop/pay/wechatPayer',
        'agent/user/profile',
        'agent/notice/list',
        'agent/dashboard/ecommerce',
        'agent/public/inviteOpen',
        'agent/payout/list',
        'agent/payout/add',
        'agent/payout/delete',
        'agent/payout/setDefault',
        'agent/user/recentTransfers',
        'agent/user/withdrawTransferConfirm',
      ]),
    );
  });

  it('uses GET exactly where the spec does', () => {
    const gets = clientCalls
      .filter((c) => c.method === 'GET')
      .map((c) => c.path)
      .sort();
    expect(gets).toEqual(
      [
        'agent/user/bill',
        'agent/user/billDetail',
        'agent/user/recentBill',
        'agent/user/withdrawLogPost',
        'agent/user/getUser',
        'agent/index/searchUser',
        'agent/user/recentUser',
        'agent/user/recentTransfers',
        'agent/user/children',
        'agent/public/getCode',
        'agent/login/getPlayer',
        'agent/user/tree',
        'agent/public/agentCard',
        'agent/user/profile',
        'agent/user/sessions',
        'agent/user/players',
        'agent/notice/list',
        'agent/notice/unreadCount',
        'agent/dashboard/ecommerce',
        'agent/dashboard/webAnalytics',
        'agent/dashboard/agency',
        'agent/dashboard/saas',
        'agent/dashboard/magazine',
        'agent/dashboard/news',
        'agent/payout/list',
      ].sort(),
    );
  });

  it('makes every money call carry a requestId', () => {
    for (const name of ['withdraw', 'withdrawExchange', 'transferAgent', 'recharge', 'buyGoods'] as const) {
      const shape = (calls[name].input as unknown as { shape: Record<string, unknown> }).shape;
      expect(shape, name).toHaveProperty('requestId');
    }
  });

  it('marks the shop calls with the uid header', () => {
    expect(
      Object.values(calls)
        .filter((c) => 'uidHeader' in c && c.uidHeader)
        .map((c) => c.path),
    ).toEqual([
      'shop/goods/categories',
      'shop/goods/buyGoods',
      'shop/pay/wechatPayer',
      'shop/order/orderquery',
    ]);
  });

  it('strips any field the contract does not name from a user', () => {
    const parsed = ZAgentUser.parse({
      agentId: 1,
      playerId: 2,
      nickname: 'a',
      avatar: '',
      level: 1,
      status: 'active',
      balance: '1.00',
      diamonds: 1,
      todayProfit: '0.00',
      todayDiamonds: 0,
      mobile: null,
      parentId: null,
      inviteUrl: 'x',
      passwordHash: 'secret',
    });
    expect(parsed).not.toHaveProperty('passwordHash');
  });
});
