import { describe, expect, it } from 'vitest';
import { cn, LOCALES, translate, translateMemo } from '../../src/i18n/messages';

describe('server messages', () => {
  it('translates with parameters and falls back to Chinese', () => {
    expect(translate('cn', 'invalidField', { field: 'token' })).toBe('参数错误：token');
    expect(translate('en', 'invalidField', { field: 'token' })).toBe('Invalid parameter: token');
    expect(translate('ar', 'ok')).toBe('تمت العملية بنجاح');
  });

  it('keeps the two messages the client recognises by text in Chinese in every locale', () => {
    for (const locale of LOCALES) {
      expect(translate(locale, 'sessionExpired')).toBe(cn.sessionExpired);
      expect(translate(locale, 'serverError')).toBe(cn.serverError);
    }
  });

  it('inserts values as they are: no HTML escaping, no placeholder or nested key read inside a value', () => {
    const nickname = `<b>&"'</b> {{amount}} $t(ok)`;
    expect(translate('en', 'memoRechargePlayer', { nickname, playerId: 7 })).toBe(
      `Recharge for player ${nickname} (7)`,
    );
  });

  it('lets no parameter act as an i18next option (language, plural)', () => {
    expect(translate('en', 'withdrawDailyLimit', { count: 1, lng: 'cn' })).toBe(
      'At most 1 withdrawals a day',
    );
    expect(translate('ge', 'invalidField', { field: 'x', lng: 'cn', ns: 'other' })).toBe(
      translate('ge', 'invalidField', { field: 'x' }),
    );
  });

  it('reads a memo key in the reader’s language, and an unknown or missing key as the stored text', () => {
    const entry = {
      memo: '上级 10001 转入',
      memoKey: 'memoTransferFromParent',
      memoParams: { agentId: 10001 },
    };
    expect(translateMemo('en', entry)).toBe('Transfer from upline 10001');
    expect(translateMemo('cn', entry)).toBe('上级 10001 转入');
    expect(translateMemo('en', { ...entry, memoKey: 'memoRemovedLongAgo' })).toBe(entry.memo);
    expect(translateMemo('en', { ...entry, memoKey: 'constructor' })).toBe(entry.memo);
    expect(translateMemo('en', { ...entry, memoKey: null })).toBe(entry.memo);
  });
});
