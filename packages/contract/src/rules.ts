import { z } from 'zod';
import { hasControlCharacters, INT4_MAX, MOBILE_PATTERN, ZText } from './common';

/**
 * Rules the server enforces and the web checks first, typed once here: the web's forms validate with these
 * schemas (translating the messages), the server's calls with the same ones.
 */

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 64;
/** A password an agent sets (registration, change, reset): 6 to 64 characters, taken as typed. */
export const ZPassword = z
  .string()
  .min(PASSWORD_MIN, `password must have at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX)
  .refine((value) => !hasControlCharacters(value), { message: 'must not contain control characters' });

/** The SMS code: six digits. */
export const ZCaptchaCode = z.string().regex(/^\d{6}$/, 'captcha must be 6 digits');
/** One code a minute per number (DESIGN section 4): the web's resend button waits this long. */
export const CAPTCHA_RESEND_SECONDS = 60;

/** How many of one package a purchase (`buyGoods`) takes. */
export const PURCHASE_QUANTITY_MIN = 1;
export const PURCHASE_QUANTITY_MAX = 99;
export const ZPurchaseQuantity = z.number().int().min(PURCHASE_QUANTITY_MIN).max(PURCHASE_QUANTITY_MAX);

/** How many diamonds one recharge of a player or one transfer to an agent moves. */
export const DIAMONDS_PER_MOVE_MAX = 100_000;
export const ZDiamondsPerMove = z.number().int().min(1).max(DIAMONDS_PER_MOVE_MAX);

/** The account a withdrawal is paid to (`withdraw`): its holder's name, its number, the bank, each typed text. */
export const WITHDRAWAL_ACCOUNT_TEXT_MAX = 64;
/** The holder's name and the account number: required, at most WITHDRAWAL_ACCOUNT_TEXT_MAX characters. */
export const ZWithdrawalAccountText = ZText(WITHDRAWAL_ACCOUNT_TEXT_MAX, { min: 1 });
/** The bank's name: sent only for a bank card (the server requires it then), at most the same length. */
export const ZWithdrawalBankName = ZText(WITHDRAWAL_ACCOUNT_TEXT_MAX);

/** The keyword of a search in the caller's own downline (`children`: an agent id or part of a nickname). */
export const DOWNLINE_SEARCH_KEYWORD_MAX = 64;
/** The most children one answer of the tree carries (the biggest teams first); the children list pages the rest. */
export const TREE_CHILDREN_MAX = 100;

/**
 * What a player search (`searchUser`) looks for: a player id (digits, no leading zero, within int4) or an
 * 11-digit mainland mobile, matched exactly; null for a keyword that can match no player (the server answers an
 * empty list, the web says the keyword is invalid before sending it).
 */
export type PlayerSearch = { by: 'playerId'; playerId: number } | { by: 'mobile'; mobile: string };
const PLAYER_ID_KEYWORD = /^[1-9]\d{0,9}$/;
export function playerSearchOf(keyword: string): PlayerSearch | null {
  const text = keyword.trim();
  if (PLAYER_ID_KEYWORD.test(text) && Number(text) <= INT4_MAX)
    return { by: 'playerId', playerId: Number(text) };
  if (MOBILE_PATTERN.test(text)) return { by: 'mobile', mobile: text };
  return null;
}
/** A keyword that can find a player (playerSearchOf), as the web's search form takes it. */
export const PLAYER_SEARCH_KEYWORD_MAX = 11;
export const ZPlayerSearchKeyword = z
  .string()
  .trim()
  .refine((keyword) => playerSearchOf(keyword) !== null, {
    message: 'keyword must be a player id or an 11-digit mobile',
  });

/**
 * A mobile number with its middle hidden (138****5678), as an agent sees a player outside its downline; anything
 * already masked or shorter than 7 characters is kept as is.
 */
export function maskMobile(mobile: string): string {
  if (mobile.includes('*') || mobile.length < 7) return mobile;
  return `${mobile.slice(0, 3)}****${mobile.slice(-4)}`;
}
