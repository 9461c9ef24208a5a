import { z } from 'zod';
import { hasControlCharacters } from './common';

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

/**
 * A mobile number with its middle hidden (138****5678), as an agent sees a player outside its downline; anything
 * already masked or shorter than 7 characters is kept as is.
 */
export function maskMobile(mobile: string): string {
  if (mobile.includes('*') || mobile.length < 7) return mobile;
  return `${mobile.slice(0, 3)}****${mobile.slice(-4)}`;
}
