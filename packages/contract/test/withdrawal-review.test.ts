import { describe, expect, it } from 'vitest';
import { adminCalls, WITHDRAWAL_REVIEW, type WithdrawalReviewAction } from '../src';

/** The withdrawal's review table (decision 037) and the calls that carry it out agree. */
describe('WITHDRAWAL_REVIEW', () => {
  const callOf = (action: WithdrawalReviewAction) => {
    const name = `adminWithdrawal${action[0]?.toUpperCase()}${action.slice(1)}` as keyof typeof adminCalls;
    return adminCalls[name];
  };

  it('has one call per action, needing the action’s right', () => {
    for (const action of Object.keys(WITHDRAWAL_REVIEW) as WithdrawalReviewAction[])
      expect(callOf(action)?.right, action).toBe(WITHDRAWAL_REVIEW[action].right);
  });
});
