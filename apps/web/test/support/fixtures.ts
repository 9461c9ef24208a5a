import type { CallData, TAgentUser, TBillEntry, TChildAgent, TPlayer, TTreeNode } from '@promoter/contract';

/** A local storage that lives in memory, as the browser's would (optionally with values already in it). */
export function memoryStorage(seed: Record<string, string> = {}): Storage {
  const items = new Map<string, string>(Object.entries(seed));
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

/** The signed-in diamond agent of the web's tests, as getUser answers it. */
export const AGENT = {
  agentId: 100001,
  playerId: 500001,
  nickname: '钻石哥',
  avatar: '',
  level: 1,
  status: 'active',
  balance: '128.50',
  owed: '0.00',
  diamonds: 3200,
  todayProfit: '12.00',
  todayDiamonds: -120,
  mobile: null,
  parentId: null,
  inviteUrl: 'http://localhost:8080/#/session/sign-up?from=100001',
} as const satisfies TAgentUser;

/** A signed-in player who is no agent (a login by ticket of a player without an agent account). */
export const PLAYER: TPlayer = {
  playerId: 7,
  nickname: '玩家',
  avatar: '',
  agentId: null,
  diamonds: 0,
  mobile: null,
};

/** A node of the downline tree as `tree` answers it, complete (the mocked answers are parsed by the contract). */
export function treeNode(values: Partial<TTreeNode> = {}): TTreeNode {
  return {
    agentId: AGENT.agentId,
    nickname: AGENT.nickname,
    level: 1,
    price: '0.50',
    teamSize: 0,
    childCount: 0,
    status: 'active',
    children: [],
    ...values,
  };
}

/** A child agent as `children` answers it, complete. */
export function childAgent(values: Partial<TChildAgent> = {}): TChildAgent {
  return {
    agentId: 100002,
    nickname: '下级',
    avatar: '',
    level: 2,
    price: '0.60',
    teamSize: 0,
    childCount: 0,
    depth: 1,
    status: 'active',
    createdAt: '2024-01-01T00:00:00.000Z',
    ...values,
  };
}

/** An entry of the agent's bill as `bill` and `recentBill` answer it, complete (a recharge of 300 diamonds). */
export function billEntry(values: Partial<TBillEntry> = {}): TBillEntry {
  return {
    id: '1001',
    billType: 2,
    currency: 2,
    amount: -300,
    after: 2900,
    memo: '',
    createdAt: '2026-01-01T08:00:00.000Z',
    gameDelivery: 'onItsWay',
    ...values,
  };
}

/** A player's order as `orderQuery` answers it, complete (paid, its diamonds on their way to the game). */
export function orderAnswer(values: Partial<CallData<'orderQuery'>> = {}): CallData<'orderQuery'> {
  return {
    orderId: 'O-20260101-1',
    status: 'paid',
    amount: '100.00',
    paidAt: '2026-01-01T08:00:00.000Z',
    goods: { id: 5, name: '1000 钻石', diamonds: 1000, quantity: 1 },
    gameDelivery: 'onItsWay',
    ...values,
  };
}
