import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AGENT, memoryStorage, PLAYER } from './support/fixtures';

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

  it('reads back every field the session keeps, and drops fields the contract does not name', async () => {
    const userAgent = { platform: 'android', version: '1.2.0', playerId: '7' };
    vi.stubGlobal('navigator', { userAgent: 'Mozilla/5.0 (Linux; Android 14)' });
    const wxUserInfo = { openid: 'o', unionid: 'u', nickname: '微信', headimgurl: '', sex: 1, city: '深圳' };
    vi.stubGlobal(
      'localStorage',
      memoryStorage({
        'promoter.token': JSON.stringify('session-token'),
        'promoter.user': JSON.stringify({ ...AGENT, removedLongAgo: true }),
        'promoter.player': JSON.stringify(PLAYER),
        'promoter.userAgent': JSON.stringify(userAgent),
        'promoter.wxUserInfo': JSON.stringify(wxUserInfo),
        'promoter.unionId': JSON.stringify(null),
        'promoter.expiresAt': JSON.stringify(1_700_000_000_000),
      }),
    );
    const { session } = await import('../src/lib/session');
    const state = session.get();
    expect(state.user).toEqual(AGENT);
    expect(state.player).toEqual(PLAYER);
    // The browser (here Node's navigator) tells no game agent: the kept record stands in.
    expect(state.userAgent).toEqual(userAgent);
    expect(state.wxUserInfo).toEqual(wxUserInfo);
    expect(state.unionId).toBeNull();
    expect(state.expiresAt).toBe(1_700_000_000_000);
  });

  it('loads a user kept before `owed` existed with the contract’s default (decisions 043, 047)', async () => {
    const { owed: _owed, ...older } = AGENT;
    vi.stubGlobal('localStorage', memoryStorage({ 'promoter.user': JSON.stringify(older) }));
    const { session } = await import('../src/lib/session');
    expect(session.get().user).toEqual({ ...AGENT, owed: '0.00' });
  });

  it('drops a kept user, player or WeChat profile that is not the contract’s', async () => {
    vi.stubGlobal(
      'localStorage',
      memoryStorage({
        'promoter.token': JSON.stringify(''),
        'promoter.user': JSON.stringify({ ...AGENT, level: 4 }),
        'promoter.player': JSON.stringify({ ...PLAYER, diamonds: 1.5 }),
        'promoter.wxUserInfo': JSON.stringify({
          openid: 'o',
          unionid: 'u',
          nickname: 'n',
          headimgurl: '',
          sex: '1',
        }),
        'promoter.expiresAt': JSON.stringify(null),
      }),
    );
    const { session } = await import('../src/lib/session');
    expect(session.get()).toMatchObject({
      token: null,
      user: null,
      player: null,
      wxUserInfo: null,
      expiresAt: null,
    });
    vi.resetModules();
    vi.stubGlobal(
      'localStorage',
      memoryStorage({ 'promoter.user': JSON.stringify({ ...AGENT, balance: 128.5 }) }),
    );
    const again = await import('../src/lib/session');
    expect(again.session.get().user).toBeNull();
  });

  it('reads back the operator’s session and drops an operator that is not the contract’s', async () => {
    const operator = {
      id: 1,
      name: 'root',
      role: 'owner',
      rights: ['self', 'read'],
      twoFactorEnrolled: true,
      mustChangePassword: false,
      disabled: false,
      createdAt: '2025-01-02T03:04:05.678Z',
    };
    vi.stubGlobal(
      'localStorage',
      memoryStorage({
        'promoter.operatorToken': JSON.stringify('op-token'),
        'promoter.operator': JSON.stringify(operator),
        'promoter.operatorExpiresAt': JSON.stringify(Date.now() + HOUR),
      }),
    );
    const { operatorSession, isOperatorSignedIn } = await import('../src/lib/operator-session');
    expect(operatorSession.get().operator).toEqual(operator);
    expect(isOperatorSignedIn(operatorSession.get())).toBe(true);

    for (const bad of [
      { ...operator, role: 'root' },
      { ...operator, rights: ['self', 'everything'] },
      { ...operator, createdAt: 'yesterday' },
      { ...operator, disabled: 'no' },
    ]) {
      vi.resetModules();
      vi.stubGlobal('localStorage', memoryStorage({ 'promoter.operator': JSON.stringify(bad) }));
      const { operatorSession: fresh } = await import('../src/lib/operator-session');
      expect(fresh.get().operator).toBeNull();
    }
  });

  it('reads back the theme options: any of them, valid, over the defaults; one invalid drops them all', async () => {
    vi.stubGlobal(
      'localStorage',
      memoryStorage({
        'promoter.themeOptions': JSON.stringify({ darkMode: true, customColor: '#112233', retired: 1 }),
      }),
    );
    const first = await import('../src/stores/theme-options');
    expect(first.themeOptions.get()).toEqual({
      ...first.DEFAULT_THEME_OPTIONS,
      darkMode: true,
      customColor: '#112233',
    });

    for (const bad of [
      { darkMode: true, customColor: 'red' },
      { language: 'xx' },
      { routerAnimation: 'spin' },
    ]) {
      vi.resetModules();
      vi.stubGlobal('localStorage', memoryStorage({ 'promoter.themeOptions': JSON.stringify(bad) }));
      const { themeOptions, DEFAULT_THEME_OPTIONS } = await import('../src/stores/theme-options');
      expect(themeOptions.get()).toEqual(DEFAULT_THEME_OPTIONS);
    }
  });

  it('reads back the cart, the tour and a pending purchase, and drops what is not theirs', async () => {
    const item = { id: '3', productImg: '', name: '100 钻石', price: '50.00', quantity: 2, total: '100.00' };
    const pending = { goodsId: 3, quantity: 1, back: '/agent/mine-recharge', at: Date.now() };
    vi.stubGlobal(
      'localStorage',
      memoryStorage({
        'promoter.cart': JSON.stringify([item]),
        'promoter.tourDismissed': JSON.stringify(true),
        'promoter.pendingPurchase': JSON.stringify(pending),
      }),
    );
    expect((await import('../src/stores/cart')).cartStore.get().items).toEqual([item]);
    expect((await import('../src/stores/tour')).tourStore.get().dismissed).toBe(true);
    expect((await import('../src/lib/pending-purchase')).takePendingPurchase(pending.back)).toEqual({
      goodsId: 3,
      quantity: 1,
      back: pending.back,
    });

    vi.resetModules();
    vi.stubGlobal(
      'localStorage',
      memoryStorage({
        'promoter.cart': JSON.stringify([item, { ...item, id: '4', quantity: 0 }]),
        'promoter.tourDismissed': JSON.stringify('yes'),
        'promoter.pendingPurchase': JSON.stringify({ ...pending, goodsId: -1 }),
      }),
    );
    expect((await import('../src/stores/cart')).cartStore.get().items).toEqual([]);
    expect((await import('../src/stores/tour')).tourStore.get().dismissed).toBe(false);
    expect((await import('../src/lib/pending-purchase')).takePendingPurchase(pending.back)).toBeUndefined();
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
