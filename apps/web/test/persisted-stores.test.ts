import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage, PLAYER } from './support/fixtures';

const HOUR = 3_600_000;

beforeEach(() => vi.resetModules());
afterEach(() => vi.unstubAllGlobals());

describe('the persisted stores (zustand persist over the keys of old)', () => {
  it('keeps a signed-in visitor signed in from the keys an earlier version wrote', async () => {
    vi.stubGlobal(
      'localStorage',
      memoryStorage({
        'promoter.token': JSON.stringify('session-token'),
        'promoter.expiresAt': JSON.stringify(Date.now() + HOUR),
        'promoter.unionId': JSON.stringify('union-1'),
      }),
    );
    const { isAuthenticated, session } = await import('../src/lib/session');
    expect(session.get().token).toBe('session-token');
    expect(session.get().unionId).toBe('union-1');
    expect(isAuthenticated(session.get())).toBe(true);
  });

  it('drops a tampered or stale value and keeps the valid ones', async () => {
    const storage = memoryStorage({
      'promoter.token': JSON.stringify('session-token'),
      'promoter.expiresAt': JSON.stringify('tomorrow'),
      'promoter.user': JSON.stringify({ agentId: 'not a number' }),
      'promoter.cart': '{not json',
      'promoter.themeOptions': JSON.stringify({ darkMode: 'yes' }),
    });
    vi.stubGlobal('localStorage', storage);
    const { session } = await import('../src/lib/session');
    const { cartStore } = await import('../src/stores/cart');
    const { themeOptions, DEFAULT_THEME_OPTIONS } = await import('../src/stores/theme-options');
    expect(session.get().token).toBe('session-token');
    expect(session.get().expiresAt).toBeNull();
    expect(session.get().user).toBeNull();
    expect(cartStore.get().items).toEqual([]);
    expect(themeOptions.get().darkMode).toBe(DEFAULT_THEME_OPTIONS.darkMode);
  });

  it('writes each field under its own key and removes it when cleared', async () => {
    const storage = memoryStorage();
    vi.stubGlobal('localStorage', storage);
    const { session } = await import('../src/lib/session');
    const { cart } = await import('../src/stores/cart');
    session.signInPlayer('player-token', PLAYER);
    cart.add({ objectID: '3', productImg: '', name: '100 钻石', price: '50.00' });
    expect(JSON.parse(storage.getItem('promoter.token') ?? 'null')).toBe('player-token');
    expect(JSON.parse(storage.getItem('promoter.player') ?? 'null')).toMatchObject({ playerId: 7 });
    expect(JSON.parse(storage.getItem('promoter.cart') ?? '[]')).toHaveLength(1);
    session.clear();
    expect(storage.getItem('promoter.token')).toBeNull();
    expect(storage.getItem('promoter.player')).toBeNull();
  });

  it('works without storage at all (a web view that refuses it): the state lives in memory', async () => {
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    });
    const { session } = await import('../src/lib/session');
    session.signInPlayer('t', undefined);
    expect(session.get().token).toBe('t');
  });
});
