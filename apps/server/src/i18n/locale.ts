import Negotiator from 'negotiator';

/** The 12 locales of the product (SPEC section 1), with the web app's codes; `cn` is the default. */
export const LOCALES = ['en', 'fr', 'he', 'ru', 'ar', 'cn', 'ge', 'sp', 'ja', 'ko', 'it', 'hu'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'cn';

/**
 * BCP 47 primary language subtags and the locale each one reads. Every Chinese tag (zh-CN, zh-TW, zh-Hant...) reads
 * `cn`, the only Chinese catalog; `iw` is the old code of Hebrew. `zh` comes first: `Accept-Language: *` reads Chinese.
 */
const LANGUAGE_TAGS: Readonly<Record<string, Locale>> = {
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
const TAGS = Object.keys(LANGUAGE_TAGS);

/** Longer Accept-Language headers are cut at a comma before this length: nobody lists that many languages. */
const MAX_ACCEPT_LANGUAGE = 512;

export function isLocale(value: string): value is Locale {
  return (LOCALES as readonly string[]).includes(value);
}

/** A web locale code (`cn`, `sp`, `ge`...) or a language tag (`zh-CN`, `es`, `de_AT`...) as one of the 12, if any. */
export function localeOf(code: string): Locale | undefined {
  const lower = code.trim().toLowerCase();
  if (isLocale(lower)) return lower;
  const primary = lower.split(/[-_]/)[0] ?? '';
  return Object.hasOwn(LANGUAGE_TAGS, primary) ? LANGUAGE_TAGS[primary] : undefined;
}

/** The best of the 12 for an Accept-Language header, by q weight then order (RFC 9110 section 12.5.4). */
export function negotiateLocale(acceptLanguage: string | undefined): Locale | undefined {
  if (!acceptLanguage) return undefined;
  let header = acceptLanguage;
  if (header.length > MAX_ACCEPT_LANGUAGE)
    header = header.slice(0, header.lastIndexOf(',', MAX_ACCEPT_LANGUAGE) + 1);
  const [best] = new Negotiator({ headers: { 'accept-language': header } }).languages(TAGS);
  return best === undefined ? undefined : LANGUAGE_TAGS[best];
}

/**
 * The request's locale: `X-Lang` (the language chosen in the app, which the web client sends on every call), then
 * the browser's Accept-Language with its q weights, then Chinese.
 */
export function pickLocale(xLang: string | undefined, acceptLanguage: string | undefined): Locale {
  return (xLang && localeOf(xLang)) || negotiateLocale(acceptLanguage) || DEFAULT_LOCALE;
}
