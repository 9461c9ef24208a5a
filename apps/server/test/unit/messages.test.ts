import { describe, expect, it } from 'vitest';
import { cn, LOCALES, memoTranslator, translate, translateMemo } from '../../src/i18n/messages';

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

  it('reads memos in bulk (memoTranslator) exactly as translateMemo does', () => {
    const memoKeys = Object.keys(cn).filter((key) => key.startsWith('memo'));
    const values = { nickname: `<b>{{amount}} $t(ok)</b>`, playerId: 7, agentId: 10001, goods: '100 钻石' };
    for (const locale of LOCALES) {
      const bulk = memoTranslator(locale);
      for (const memoKey of [...memoKeys, 'memoRemovedLongAgo', 'constructor']) {
        for (const memoParams of [values, { quantity: 2, amount: '1.00', reason: 'x', diamonds: 3 }, null]) {
          const entry = { memo: '存储的文字', memoKey, memoParams };
          expect(bulk(entry), `${locale} ${memoKey}`).toBe(translateMemo(locale, entry));
        }
      }
      expect(bulk({ memo: '存储的文字', memoKey: null, memoParams: null })).toBe('存储的文字');
    }
  });
});
