import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage, AGENT } from './support/fixtures';

vi.mock('../src/lib/notify', () => ({
  notify: { error: vi.fn(), success: vi.fn(), info: vi.fn(), closeAll: vi.fn() },
}));
vi.mock('../src/lib/progress', () => ({ progress: { start: vi.fn(), done: vi.fn() } }));

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
