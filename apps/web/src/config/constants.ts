/** Business constants and limits of SPEC section 9 that the client uses. */

export const HTTP_TIMEOUT_MS = 10_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const LAYOUT_LOADER_MS = 2_000;
export const TOUR_DELAY_MS = 1_000;
export const SCROLL_RESET_DELAY_MS = 200;
export const LOGOUT_DELAY_MS = 500;
export const LOGIN_NOTICE_DELAY_MS = 1_000;

export const SIDEBAR_WIDTH = 250;
export const SIDEBAR_COLLAPSED_WIDTH = 70;
export const HORIZONTAL_DRAWER_WIDTH = 250;
export const CUSTOMIZER_WIDTH = 300;
export const CONFIRM_DIALOG_MAX_WIDTH = 500;
export const LOGOUT_DIALOG_MAX_WIDTH = 300;
export const CART_DROPDOWN_HEIGHT = 280;

export const SIDEBAR_TEXT_MAX = 18;
export const TEXT_TRUNCATE_MAX = 100;

/** The header's cart badge is hard-coded by the spec ('3 NEW'). */
export const CART_NEW_BADGE_COUNT = 3;

/** Public option keys read from `system/version/getOptionsByKey` (the public options the server answers). */
export const OptionKey = {
  shopUrl: 'shop.url',
  closeScheme: 'close.scheme',
  downloadAndroid: 'download.android',
  downloadIos: 'download.ios',
  /** Money string, e.g. "100.00". */
  withdrawMin: 'withdraw.min',
  /** Percent with up to two decimals, e.g. "0" or "0.6". */
  withdrawFeeRate: 'withdraw.feeRate',
  withdrawDailyCount: 'withdraw.dailyCount',
  /** "true" / "false": sign-up without an inviter. */
  registerOpen: 'register.open',
  /** "true" / "false": whether a bound player may unbind. */
  bindUnbindAllowed: 'bind.unbindAllowed',
  /** Money string: the retail price of a diamond. */
  priceRetail: 'price.retail',
} as const;
export type OptionKey = (typeof OptionKey)[keyof typeof OptionKey];
