import type { MessageKey } from '../../i18n/messages';
import type { TransferState } from '../../platform/payments/payment-provider';

/**
 * Why a transfer ended without paying, as the agent reads it (decision 046): WeChat Pay's fail_reason (its
 * 商家转账 失败原因 codes) in a few groups the agent can act on, each a server message in the 12 locales.
 */

/** The payee's WeChat account cannot take it: closed, frozen, not verified, or not under the name given. */
const ACCOUNT = [
  'ACCOUNT_FROZEN',
  'ACCOUNT_NOT_EXIST',
  'ID_CARD_NOT_CORRECT',
  'NAME_NOT_CORRECT',
  'OPENID_INVALID',
  'PAYEE_ACCOUNT_ABNORMAL',
  'REAL_NAME_CHECK_FAIL',
  'RESERVED_ACCOUNT_NOT_SUPPORTED',
];
/** The payee's account reached what it may receive (a transfer, a day, a month). */
const LIMIT = [
  'BLOCK_B2C_USERLIMITAMOUNT_BSRULE_MONTH',
  'BLOCK_B2C_USERLIMITAMOUNT_MONTH',
  'DAY_RECEIVED_COUNT_EXCEED',
  'DAY_RECEIVED_QUOTA_EXCEED',
  'REALNAME_ACCOUNT_RECEIVED_QUOTA_EXCEED',
  'TRANSFER_QUOTA_EXCEED',
];
/** Closed unconfirmed: WeChat Pay calls a transfer off when its payee has not confirmed it within 24 hours. */
const NOT_CONFIRMED = ['OVERDUE_CLOSE'];

/** The message of a transfer that ended failed or cancelled. */
export function failureKey(state: Pick<TransferState, 'status' | 'failReason'>): MessageKey {
  const reason = state.failReason ?? '';
  if (ACCOUNT.includes(reason)) return 'transferFailAccount';
  if (LIMIT.includes(reason)) return 'transferFailLimit';
  if (reason === 'TRANSFER_RISK') return 'transferFailRisk';
  if (NOT_CONFIRMED.includes(reason) || (state.status === 'cancelled' && reason === ''))
    return 'transferFailNotConfirmed';
  return 'transferFailOther';
}

/** The message of a transfer the provider refused for good and never took. */
export const REFUSED_KEY: MessageKey = 'transferFailRefused';
