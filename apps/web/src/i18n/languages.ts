/**
 * The 12 locales of SPEC section 1, in the spec's order; the default is index 5 (`cn`).
 * `ge` is German and `sp` Spanish (the template's codes). `name` is each language's own name (an
 * endonym), shown the same in every locale, which is why it lives here and not in the locale files.
 */
export interface LanguageEntry {
  locale: string;
  name: string;
  flag: string;
  /** The BCP 47 tag for `<html lang>` and number formatting. */
  htmlLang: string;
  rtl: boolean;
}

export const LANGUAGES = [
  { locale: 'en', name: 'English', flag: '🇺🇸', htmlLang: 'en', rtl: false },
  { locale: 'fr', name: 'Français', flag: '🇫🇷', htmlLang: 'fr', rtl: false },
  { locale: 'he', name: 'עברית', flag: '🇮🇱', htmlLang: 'he', rtl: true },
  { locale: 'ru', name: 'Русский', flag: '🇷🇺', htmlLang: 'ru', rtl: false },
  { locale: 'ar', name: 'العربية', flag: '🇸🇦', htmlLang: 'ar', rtl: true },
  { locale: 'cn', name: '简体中文', flag: '🇨🇳', htmlLang: 'zh-CN', rtl: false },
  { locale: 'ge', name: 'Deutsch', flag: '🇩🇪', htmlLang: 'de', rtl: false },
  { locale: 'sp', name: 'Español', flag: '🇪🇸', htmlLang: 'es', rtl: false },
  { locale: 'ja', name: '日本語', flag: '🇯🇵', htmlLang: 'ja', rtl: false },
  { locale: 'ko', name: '한국어', flag: '🇰🇷', htmlLang: 'ko', rtl: false },
  { locale: 'it', name: 'Italiano', flag: '🇮🇹', htmlLang: 'it', rtl: false },
  { locale: 'hu', name: 'Magyar', flag: '🇭🇺', htmlLang: 'hu', rtl: false },
] as const satisfies readonly LanguageEntry[];

export type Locale = (typeof LANGUAGES)[number]['locale'];

export const DEFAULT_LANGUAGE_INDEX = 5;
export const DEFAULT_LOCALE: Locale = LANGUAGES[DEFAULT_LANGUAGE_INDEX].locale;

export function isLocale(value: string): value is Locale {
  return LANGUAGES.some((l) => l.locale === value);
}

export function languageOf(locale: string): LanguageEntry {
  return LANGUAGES.find((l) => l.locale === locale) ?? LANGUAGES[DEFAULT_LANGUAGE_INDEX];
}

/** Hebrew and Arabic turn right-to-left on; any other language turns it off (SPEC section 4). */
export function isRtlLocale(locale: string): boolean {
  return languageOf(locale).rtl;
}
