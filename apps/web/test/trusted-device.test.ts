import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../src/lib/notify', () => ({
  notify: { error: vi.fn(), success: vi.fn(), info: vi.fn(), closeAll: vi.fn() },
}));
vi.mock('../src/lib/progress', () => ({ progress: { start: vi.fn(), done: vi.fn() } }));

/** A local storage that lives in memory, as the browser's would. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
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

const AGENT = {
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
} as const;

beforeEach(() => {
  vi.stubGlobal('localStorage', memoryStorage());
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('trusted device tokens', () => {
  it('keeps the token a password sign-in answers, and presents it at the next sign-in of that agent only', async () => {
    const { loginById } = await import('../src/features/auth/api/login-by-id');
    const sent: (string | null)[] = [];
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
      sent.push(new Headers(init?.headers).get('X-Device'));
      return new Response(
        JSON.stringify({ code: 1, msg: '成功', data: { token: 't', isAgent: true, user: AGENT } }),
        { status: 200, headers: sent.length === 1 ? { 'X-Device': 'device-token-1' } : {} },
      );
    });
    vi.stubGlobal('fetch', fetchMock);

    await loginById({ agentId: 100001, password: 'right-pass-1' });
    await loginById({ agentId: 100001, password: 'right-pass-1' });
    await loginById({ agentId: 100002, password: 'right-pass-1' });
    expect(sent).toEqual([null, 'device-token-1', null]);
  });

  it('keeps the newest ten agents', async () => {
    const { deviceTokenFor, rememberDevice } = await import('../src/lib/trusted-device');
    for (let id = 1; id <= 12; id++) rememberDevice(id, `token-${id}`);
    expect(deviceTokenFor(1)).toBeUndefined();
    expect(deviceTokenFor(2)).toBeUndefined();
    expect(deviceTokenFor(3)).toBe('token-3');
    expect(deviceTokenFor(12)).toBe('token-12');
    rememberDevice(3, 'token-3b');
    rememberDevice(13, 'token-13');
    expect(deviceTokenFor(3)).toBe('token-3b');
    expect(deviceTokenFor(4)).toBeUndefined();
  });
});
