import { SERVER_ERROR_MSG, SESSION_EXPIRED_MSG } from '@promoter/contract';
import { extraLocales } from './messages-extra';

/** The 12 locales of the product (SPEC section 1); `cn` is the default. */
export const LOCALES = ['en', 'fr', 'he', 'ru', 'ar', 'cn', 'ge', 'sp', 'ja', 'ko', 'it', 'hu'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'cn';

/** Every message the server can put in an envelope's `msg`. `{name}` is replaced by a parameter. */
export const cn = {
  ok: '成功',
  serverError: SERVER_ERROR_MSG,
  sessionExpired: SESSION_EXPIRED_MSG,
  notFound: '接口不存在',
  badRequest: '请求格式错误',
  invalidField: '参数错误：{field}',
  tooManyRequests: '操作太频繁，请稍后再试',
  ticketInvalid: '登录凭证无效或已过期，请从游戏重新进入',
  noGameAccount: '您还没有游戏账号，请先下载安装游戏',
  agentFrozen: '您的推广员账号已被冻结，请联系上级或客服',
  agentPending: '您的推广员账号正在审核中，请耐心等待',
  agentsOnly: '仅推广员可以使用此功能',
  uidMismatch: '用户身份不一致，请重新登录',
  playerNotFound: '玩家不存在',
  articleNotFound: '文章不存在',
  optionNotPublic: '该配置项不可读取',
  optionNotFound: '配置项不存在',
  gameSignatureInvalid: '签名无效',
  gameSignatureExpired: '签名已过期',
  gameSignatureReplayed: '签名已使用',
  notVisible: '无权查看该数据',
  requestIdReused: '请求编号已用于另一笔操作，请刷新后重试',
  notEnoughDiamonds: '钻石库存不足',
  notEnoughBalance: '余额不足',
  notInDownline: '只能转给自己下级的推广员',
  cannotTransferToSelf: '不能转给自己',
  agentNotFound: '推广员不存在',
  withdrawBelowMinimum: '提现金额不能低于 {min} 元',
  withdrawDailyLimit: '每天最多提现 {count} 次',
  withdrawFeeTooHigh: '提现金额不足以支付手续费',
  exchangeTooSmall: '兑换金额不足一颗钻石（单价 {price} 元）',
  entryNotFound: '流水不存在',
  bankNameRequired: '银行卡提现需要填写开户银行',
  captchaTooSoon: '验证码发送太频繁，请 {seconds} 秒后再试',
  captchaDailyLimit: '该手机号今天获取验证码次数已达上限',
  captchaInvalid: '验证码错误或已失效',
  smsUnavailable: '短信发送失败，请稍后再试',
  wrongCredentials: '推广员ID或密码错误',
  tooManyPasswordAttempts: '密码错误次数过多，请 {seconds} 秒后再试',
  wrongOldPassword: '原密码错误',
  noPasswordSet: '该账号尚未设置密码，请通过忘记密码设置',
  wechatNotConfigured: '未配置微信登录',
  wechatCodeInvalid: '微信授权码无效，请重新授权',
  wechatCodeExpired: '微信授权码已过期，请重新授权',
  wechatCodeUsed: '微信授权码已使用，请重新授权',
  wechatUnavailable: '微信服务暂不可用，请稍后再试',
  wechatNoUnionId: '微信账号未绑定开放平台，无法登录',
  wechatTicketInvalid: '微信登录凭证无效或已过期，请重新授权',
  redirectNotAllowed: '回调地址不被允许',
  alreadyAgent: '您已经是推广员',
  agentCannotBind: '推广员不能绑定其他推广员',
  alreadyBound: '您已绑定推广员，请先解绑',
  notBound: '您还没有绑定推广员',
  unbindNotAllowed: '平台当前不允许解绑',
  bindTargetNotAgent: '该ID不是推广员',
  inviterNotAllowed: '邀请人无法发展该等级的下级',
  registerClosed: '平台当前未开放自主注册，请通过推广员邀请链接注册',
  mobileTaken: '该手机号已被其他账号使用',
  mobileNotFound: '该手机号未绑定账号',
  playerNotBoundToYou: '该玩家未绑定在您名下',
  alreadyAgentPlayer: '该玩家已经是推广员',
  notYourChild: '只能为自己的直属下级设置价格',
  priceOutOfRange: '价格必须在 {min} 元到 {max} 元之间',
  goodsNotFound: '商品不存在或已下架',
  orderNotFound: '订单不存在',
  paymentUnavailable: '支付暂不可用，请稍后再试',
  wechatPayerRequired: '在微信中支付需先完成微信授权',
  orderClosed: '订单已关闭，请重新下单',
  duplicateValue: '该数据已被其他记录使用，不能重复',
  referenceNotFound: '请求引用的数据不存在',
  invalidValue: '数据不符合平台规则',
  valueOutOfRange: '数值超出允许范围',
  invalidCharacters: '包含不允许的字符',
  memoPurchase: '购买 {goods} × {quantity}',
  memoChildPurchaseProfit: '下级 {agentId} 购钻收益',
  memoPlayerPurchaseCommission: '玩家 {playerId} 购钻提成',
  memoRechargePlayer: '为玩家 {nickname}({playerId}) 充值',
  memoRechargedByAgent: '推广员 {agentId} 充值',
  memoTransferToChild: '转给下级 {agentId}',
  memoTransferFromParent: '上级 {agentId} 转入',
  memoWithdrawApply: '申请提现',
  memoExchangeDiamonds: '兑换 {diamonds} 钻石',
  memoExchangeBalance: '余额兑换 {amount} 元',
} as const;
export type MessageKey = keyof typeof cn;
export type Messages = Record<MessageKey, string>;

export const en: Messages = {
  ok: 'OK',
  serverError: 'Server error',
  sessionExpired: 'Your session has expired, please sign in again',
  notFound: 'No such API',
  badRequest: 'Malformed request',
  invalidField: 'Invalid parameter: {field}',
  tooManyRequests: 'Too many requests, please try again later',
  ticketInvalid: 'The login ticket is invalid or has expired; please enter again from the game',
  noGameAccount: 'You have no game account yet; please download and install the game first',
  agentFrozen: 'Your promoter account is frozen; please contact your upline or support',
  agentPending: 'Your promoter account is under review; please wait',
  agentsOnly: 'Only promoters can use this feature',
  uidMismatch: 'The user identity does not match; please sign in again',
  playerNotFound: 'Player not found',
  articleNotFound: 'Article not found',
  optionNotPublic: 'This option cannot be read',
  optionNotFound: 'No such option',
  gameSignatureInvalid: 'Invalid signature',
  gameSignatureExpired: 'Signature expired',
  gameSignatureReplayed: 'Signature already used',
  notVisible: 'You may not see this data',
  requestIdReused: 'This request id was already used for another operation; please refresh and try again',
  notEnoughDiamonds: 'Not enough diamonds in stock',
  notEnoughBalance: 'Not enough balance',
  notInDownline: 'You can only transfer to promoters in your own downline',
  cannotTransferToSelf: 'You cannot transfer to yourself',
  agentNotFound: 'Promoter not found',
  withdrawBelowMinimum: 'The withdrawal must be at least {min} yuan',
  withdrawDailyLimit: 'At most {count} withdrawals a day',
  withdrawFeeTooHigh: 'The amount does not cover the withdrawal fee',
  exchangeTooSmall: 'The amount is less than one diamond (price {price} yuan)',
  entryNotFound: 'Entry not found',
  bankNameRequired: 'A bank card withdrawal needs the bank name',
  captchaTooSoon: 'Codes are sent at most once a minute; try again in {seconds} seconds',
  captchaDailyLimit: 'This number has received the most codes allowed today',
  captchaInvalid: 'The code is wrong or no longer valid',
  smsUnavailable: 'The SMS could not be sent; please try again later',
  wrongCredentials: 'Wrong promoter id or password',
  tooManyPasswordAttempts: 'Too many wrong passwords; try again in {seconds} seconds',
  wrongOldPassword: 'The current password is wrong',
  noPasswordSet: 'This account has no password yet; set one with "forgot password"',
  wechatNotConfigured: 'WeChat login is not configured',
  wechatCodeInvalid: 'The WeChat authorization code is invalid; please authorize again',
  wechatCodeExpired: 'The WeChat authorization code has expired; please authorize again',
  wechatCodeUsed: 'The WeChat authorization code was already used; please authorize again',
  wechatUnavailable: 'WeChat is not reachable right now; please try again later',
  wechatNoUnionId: 'This WeChat account is not linked to the open platform and cannot sign in',
  wechatTicketInvalid: 'The WeChat sign-in proof is invalid or expired; please authorize again',
  redirectNotAllowed: 'This redirect address is not allowed',
  alreadyAgent: 'You are already a promoter',
  agentCannotBind: 'A promoter cannot bind to another promoter',
  alreadyBound: 'You are already bound to a promoter; unbind first',
  notBound: 'You are not bound to a promoter',
  unbindNotAllowed: 'Unbinding is not allowed on this platform now',
  bindTargetNotAgent: 'This id is not a promoter',
  inviterNotAllowed: 'The inviter cannot recruit at this level',
  registerClosed: 'Open registration is closed; please register through a promoter’s invite link',
  mobileTaken: 'This mobile number is used by another account',
  mobileNotFound: 'No account uses this mobile number',
  playerNotBoundToYou: 'This player is not bound to you',
  alreadyAgentPlayer: 'This player is already a promoter',
  notYourChild: 'You can only set the price of your direct sub-promoters',
  priceOutOfRange: 'The price must be between {min} and {max} yuan',
  goodsNotFound: 'This item does not exist or is no longer sold',
  orderNotFound: 'Order not found',
  paymentUnavailable: 'Payment is not available right now; please try again later',
  wechatPayerRequired: 'Paying inside WeChat needs your WeChat authorization first',
  orderClosed: 'This order is closed; please order again',
  duplicateValue: 'This value is already used by another record',
  referenceNotFound: 'Something this request refers to does not exist',
  invalidValue: 'The data breaks a rule of the platform',
  valueOutOfRange: 'A value is out of the allowed range',
  invalidCharacters: 'The request contains characters that are not allowed',
  memoPurchase: 'Bought {goods} × {quantity}',
  memoChildPurchaseProfit: 'Profit from sub-agent {agentId}’s purchase',
  memoPlayerPurchaseCommission: 'Commission on player {playerId}’s purchase',
  memoRechargePlayer: 'Recharge for player {nickname} ({playerId})',
  memoRechargedByAgent: 'Recharge from promoter {agentId}',
  memoTransferToChild: 'Transfer to sub-agent {agentId}',
  memoTransferFromParent: 'Transfer from upline {agentId}',
  memoWithdrawApply: 'Withdrawal request',
  memoExchangeDiamonds: 'Exchanged for {diamonds} diamonds',
  memoExchangeBalance: '{amount} yuan of balance exchanged',
};

const catalogues: Record<Locale, Partial<Messages>> = { ...extraLocales, cn, en };

/**
 * The two messages the client recognises by their text (SESSION_EXPIRED_MSG, SERVER_ERROR_MSG) stay Chinese in
 * every locale, because SPEC section 8 keys behaviour on them.
 */
const FIXED: ReadonlySet<MessageKey> = new Set(['sessionExpired', 'serverError']);

/** The messages that are ledger memos (`memoPurchase`, ...). */
export type MemoKey = Extract<MessageKey, `memo${string}`>;

/** A memo as `locale` reads it; a key this version does not know reads as the stored text. */
export function translateMemo(
  locale: Locale,
  entry: { memo: string; memoKey: string | null; memoParams: Record<string, string | number> | null },
): string {
  if (!entry.memoKey || !(entry.memoKey in cn)) return entry.memo;
  return translate(locale, entry.memoKey as MemoKey, entry.memoParams ?? undefined);
}

export function translate(locale: Locale, key: MessageKey, params?: Record<string, string | number>): string {
  const template = FIXED.has(key) ? cn[key] : (catalogues[locale][key] ?? cn[key]);
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

const BROWSER_LANGUAGES: Record<string, Locale> = {
  zh: 'cn',
  en: 'en',
  fr: 'fr',
  he: 'he',
  iw: 'he',
  ru: 'ru',
  ar: 'ar',
  de: 'ge',
  es: 'sp',
  ja: 'ja',
  ko: 'ko',
  it: 'it',
  hu: 'hu',
};

/** The client sends its UI locale in `X-Lang`; otherwise Accept-Language decides; otherwise Chinese. */
export function pickLocale(xLang: string | undefined, acceptLanguage: string | undefined): Locale {
  if (xLang && (LOCALES as readonly string[]).includes(xLang)) return xLang as Locale;
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase().split('-')[0];
    if (tag && tag in BROWSER_LANGUAGES) return BROWSER_LANGUAGES[tag] as Locale;
  }
  return DEFAULT_LOCALE;
}
