import type { Locale, Messages } from './messages';

/** Server messages in the ten locales besides cn and en. A missing key falls back to Chinese. */
export const extraLocales: Record<Exclude<Locale, 'cn' | 'en'>, Partial<Messages>> = {
  fr: {},
  he: {},
  ru: {},
  ar: {},
  ge: {},
  sp: {},
  ja: {},
  ko: {},
  it: {},
  hu: {},
};
