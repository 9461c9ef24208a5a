import { describe, expect, it } from 'vitest';
import {
  calls,
  INT4_MAX,
  playerSearchOf,
  WITHDRAWAL_ACCOUNT_TEXT_MAX,
  ZPlayerSearchKeyword,
  ZWithdrawalAccountText,
} from '../src';

describe('the player search keyword (searchUser)', () => {
  it('reads a player id: digits without a leading zero, within int4', () => {
    expect(playerSearchOf('200001')).toEqual({ by: 'playerId', playerId: 200001 });
    expect(playerSearchOf(' 7 ')).toEqual({ by: 'playerId', playerId: 7 });
    expect(playerSearchOf(String(INT4_MAX))).toEqual({ by: 'playerId', playerId: INT4_MAX });
    expect(playerSearchOf(String(INT4_MAX + 1))).toBeNull();
    expect(playerSearchOf('0')).toBeNull();
    expect(playerSearchOf('0200001')).toBeNull();
  });

  it('reads an 11-digit mainland mobile', () => {
    expect(playerSearchOf('13800000001')).toEqual({ by: 'mobile', mobile: '13800000001' });
    expect(playerSearchOf('23800000001')).toBeNull();
    expect(playerSearchOf('138000000012')).toBeNull();
  });

  it('finds nothing for any other keyword; the form schema refuses it', () => {
    for (const keyword of ['', ' ', 'abc', '12a', '1.5', '-3']) {
      expect(playerSearchOf(keyword)).toBeNull();
      expect(ZPlayerSearchKeyword.safeParse(keyword).success).toBe(false);
    }
    expect(ZPlayerSearchKeyword.safeParse('13800000001').success).toBe(true);
  });
});

describe('the withdrawal account texts (withdraw)', () => {
  it('are the withdraw input’s fields: present, trimmed, at most WITHDRAWAL_ACCOUNT_TEXT_MAX', () => {
    expect(calls.withdraw.input.shape.accountName.unwrap()).toBe(ZWithdrawalAccountText);
    expect(calls.withdraw.input.shape.accountNo.unwrap()).toBe(ZWithdrawalAccountText);
    expect(calls.payoutAccountAdd.input.shape.accountNo).toBe(ZWithdrawalAccountText);
    expect(ZWithdrawalAccountText.safeParse('   ').success).toBe(false);
    expect(ZWithdrawalAccountText.safeParse('x'.repeat(WITHDRAWAL_ACCOUNT_TEXT_MAX)).success).toBe(true);
    expect(ZWithdrawalAccountText.safeParse('x'.repeat(WITHDRAWAL_ACCOUNT_TEXT_MAX + 1)).success).toBe(false);
  });
});
