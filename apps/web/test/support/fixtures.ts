import type { TAgentUser, TChildAgent, TPlayer, TTreeNode } from '@promoter/contract';

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
