/** Envelope codes of DESIGN section 3. Every answer carries one. */
export const ResponseCode = {
  failure: 0,
  success: 1,
  noGameAccount: 1001,
  agentUnavailable: 1002,
  /** buyGoods with channel 'jsapi': WeChat Pay needs the payer's openid first (getCode with scope snsapi_base). */
  wechatPayerRequired: 1003,
  notSignedIn: 10001,
  /** An admin call without a live operator session (X-Operator-Token): the console goes to its own login. */
  operatorNotSignedIn: 10101,
  /** An admin call the operator's role does not hold the right of. */
  operatorForbidden: 10103,
} as const;
export type ResponseCode = (typeof ResponseCode)[keyof typeof ResponseCode];

/** The message that, wherever it appears, sends the client back to login (SPEC section 8). */
export const SESSION_EXPIRED_MSG = '登录已失效，请重新登录';
/** The message of an unexpected server error (DESIGN section 3). */
export const SERVER_ERROR_MSG = '服务器错误';
