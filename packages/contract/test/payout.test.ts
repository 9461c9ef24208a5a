import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_MASK_HIDDEN,
  calls,
  luhnValid,
  maskAccountNumber,
  normalizeAccountNumber,
  payoutAccountProblem,
} from '../src';

describe('the mask of an account number (SPEC sections 3 and 9: the first 12 characters hidden)', () => {
  it('hides the first 12 characters of a longer number by asterisks and shows the rest', () => {
    expect(ACCOUNT_MASK_HIDDEN).toBe(12);
    expect(maskAccountNumber('6222020000000015')).toBe('************0015');
    expect(maskAccountNumber('6217000000001234560')).toBe('************1234560');
    expect(maskAccountNumber('zhang.san@example.com')).toBe('************ample.com');
    expect(maskAccountNumber('6222020000000')).toBe('************0');
  });

  it('keeps the last 4 (at most half) of a number of 12 characters or fewer visible, never the whole', () => {
    expect(maskAccountNumber('622202000001')).toBe('********0001');
    expect(maskAccountNumber('13812345678')).toBe('*******5678');
    expect(maskAccountNumber('wxid_a')).toBe('***d_a');
    expect(maskAccountNumber('abc')).toBe('**c');
    expect(maskAccountNumber('张三李四王五')).toBe('***四王五');
    for (const number of ['13812345678', 'wxid_a', '6222020000000015', 'a@b.cn'])
      expect(maskAccountNumber(number)).not.toBe(number);
  });
});

describe('the rules of a payout account', () => {
  it('checks a card number with Luhn', () => {
    expect(luhnValid('6222020000000015')).toBe(true);
    expect(luhnValid('6222020000000016')).toBe(false);
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('79927398713')).toBe(true);
    expect(luhnValid('')).toBe(false);
    expect(luhnValid('12a4')).toBe(false);
  });

  it('takes a bank card of 12 to 19 digits passing Luhn, spaces and dashes dropped', () => {
    const bank = (typed: string) => payoutAccountProblem('bank', normalizeAccountNumber('bank', typed));
    expect(bank('6222 0200 0000 0015')).toBeNull();
    expect(bank('6222-0200-0000-0015')).toBeNull();
    expect(bank('6217000000001234560')).toBeNull();
    expect(bank('622202000000001237')).toBeNull();
    expect(bank('6222020000000016')).toBe('bankCard');
    expect(bank('62220200000')).toBe('bankCard');
    expect(bank('62170000000012345608')).toBe('bankCard');
    expect(bank('6222O20000000015')).toBe('bankCard');
  });

  it('takes an Alipay mainland mobile or e-mail, and a WeChat id by WeChat’s rule', () => {
    for (const ok of ['13812345678', 'zhang@example.com', 'a.b+c@qq.com'])
      expect(payoutAccountProblem('alipay', ok), ok).toBeNull();
    for (const bad of ['23812345678', '1381234567', 'zhang@example', '@qq.com', 'zhang example@qq.com'])
      expect(payoutAccountProblem('alipay', bad), bad).toBe('alipay');
    for (const ok of ['wxid_abc', 'Zhang-San_2024', 'abcdef', `a${'b'.repeat(19)}`])
      expect(payoutAccountProblem('wechat', ok), ok).toBeNull();
    for (const bad of ['abcde', `a${'b'.repeat(20)}`, '1abcdef', '_abcdef', 'wx.abcdef', '微信号abc'])
      expect(payoutAccountProblem('wechat', bad), bad).toBe('wechat');
  });

  it('lets a withdrawal name a saved account or a typed one, not both, not neither', () => {
    const input = calls.withdraw.input;
    const requestId = '7d0f3c9e-8f5b-4b8a-9c39-1d2e3f4a5b6c';
    expect(input.safeParse({ amount: '100', payoutAccountId: 3, requestId }).success).toBe(true);
    const typed = { amount: '100', accountType: 'alipay', accountName: '张', accountNo: 'a@b.cn', requestId };
    expect(input.safeParse(typed).success).toBe(true);
    expect(input.safeParse({ ...typed, saveAccount: true }).success).toBe(true);
    expect(input.safeParse({ ...typed, payoutAccountId: 3 }).success).toBe(false);
    expect(input.safeParse({ amount: '100', payoutAccountId: 3, saveAccount: true, requestId }).success).toBe(
      false,
    );
    expect(input.safeParse({ amount: '100', requestId }).success).toBe(false);
    expect(input.safeParse({ ...typed, accountNo: undefined }).success).toBe(false);
  });
});
