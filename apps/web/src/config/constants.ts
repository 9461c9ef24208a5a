import { ACCOUNT_MASK_HIDDEN, type PublicOptionKey } from '@promoter/contract';

/**
 * Business constants and limits of SPEC section 9 that the client uses, in one place: the code reads them from here
 * and test/constants.test.ts checks each against the value SPEC gives.
 */

export const HTTP_TIMEOUT_MS = 10_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const LAYOUT_LOADER_MS = 2_000;
export const TOUR_DELAY_MS = 1_000;
export const SCROLL_RESET_DELAY_MS = 200;
export const LOGOUT_DELAY_MS = 500;
export const LOGIN_NOTICE_DELAY_MS = 1_000;
/** The payout accounts' reload animation (SPEC: card reload animation). */
export const CARD_RELOAD_MS = 1_500;
/** Figures count up to their value (off when the device asks for reduced motion). */
export const COUNTER_ANIMATION_MS = 5_000;

export const SIDEBAR_WIDTH = 250;
export const SIDEBAR_COLLAPSED_WIDTH = 70;
export const HORIZONTAL_DRAWER_WIDTH = 250;
export const CUSTOMIZER_WIDTH = 300;
export const CONFIRM_DIALOG_MAX_WIDTH = 500;
export const LOGOUT_DIALOG_MAX_WIDTH = 300;
export const CART_DROPDOWN_HEIGHT = 280;
/**
 * The template's scrollbar thumb may grow to at most this length (px). The client scrolls with the browser's own
 * scrollbars, whose thumb cannot be capped: kept for the record, read by no component.
 */
export const SCROLLBAR_MAX_LENGTH = 160;

export const SIDEBAR_TEXT_MAX = 18;
export const TEXT_TRUNCATE_MAX = 100;
export const TEXT_TRUNCATE_SUFFIX = '...';
/** Amounts (the cart's total) have this many decimals: the contract's money strings (fenToMoney) carry them. */
export const MONEY_DECIMALS = 2;
/** The default date format (lib/date-time.ts's tokens). */
export const DATE_FORMAT = 'MM-DD-YYYY';
/** A payout account number is shown with this many of its first characters hidden (the contract's rule). */
export const CARD_MASK_HIDDEN = ACCOUNT_MASK_HIDDEN;

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
  /** The operator's brand colour, the theme's default primary colour when set: '' or a hex colour (#rgb, #rrggbb). */
  themeBrandColor: 'theme.brandColor',
  // Only options the contract's table marks public: the server refuses the others to anyone.
} as const satisfies Record<string, PublicOptionKey>;
export type OptionKey = (typeof OptionKey)[keyof typeof OptionKey];
