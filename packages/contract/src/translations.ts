import { z } from 'zod';
import { ZText } from './common';

/**
 * Texts the operator writes (goods and category names, articles, announcements) are kept in Chinese in the row's own
 * columns, the fallback of every language, and in the other 11 languages of the product beside them. The codes are
 * the web app's (`apps/web/src/i18n/languages.ts`), `cn` being the default.
 */
export const CONTENT_LOCALES = [
  'cn',
  'en',
  'ja',
  'ko',
  'ru',
  'fr',
  'ge',
  'it',
  'sp',
  'hu',
  'he',
  'ar',
] as const;
export type ContentLocale = (typeof CONTENT_LOCALES)[number];
/** The languages a text may have besides its Chinese one. */
export const TRANSLATION_LOCALES = CONTENT_LOCALES.filter(
  (locale): locale is Exclude<ContentLocale, 'cn'> => locale !== 'cn',
);
export type TranslationLocale = (typeof TRANSLATION_LOCALES)[number];
export const ZTranslationLocale = z.enum(TRANSLATION_LOCALES as [TranslationLocale, ...TranslationLocale[]]);

/**
 * A text's versions in other languages, by language code; a language left out (or blank) reads the Chinese one.
 * `text` is the schema of one version (e.g. `ZText(64)`).
 */
export function ZTranslations<T extends z.ZodType>(text: T) {
  return z.partialRecord(ZTranslationLocale, text);
}

/** One-line names (goods, categories): at most NAME_MAX characters, trimmed, no control characters. */
export const NAME_MAX = 64;
export const ZName = ZText(NAME_MAX, { min: 1 });
export const ZNameTranslations = ZTranslations(ZText(NAME_MAX));

/** The version of a text for `locale`: its translation when there is a non-blank one, else the Chinese text. */
export function localizedText(
  chinese: string,
  translations: Partial<Record<string, string>> | null | undefined,
  locale: string,
): string {
  if (locale === 'cn' || !translations) return chinese;
  const version = Object.hasOwn(translations, locale) ? translations[locale] : undefined;
  return version && version.trim() !== '' ? version : chinese;
}

/** Translations as stored: only the known languages, trimmed, blank ones left out (they read the Chinese text). */
export function compactTranslations(
  translations: Partial<Record<string, string>> | null | undefined,
): Partial<Record<TranslationLocale, string>> {
  const kept: Partial<Record<TranslationLocale, string>> = {};
  for (const locale of TRANSLATION_LOCALES) {
    const version = translations?.[locale]?.trim();
    if (version) kept[locale] = version;
  }
  return kept;
}
