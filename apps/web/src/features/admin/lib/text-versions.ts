import {
  CONTENT_LOCALES,
  CONTENT_TITLE_MAX,
  type ContentLocale,
  type TitledText,
  TRANSLATION_LOCALES,
  type TranslationLocale,
  ZMultilineText,
  ZText,
} from '@promoter/contract';
import type { FieldRule } from '../../../lib/contract-resolver';

/**
 * A titled text the operator writes (an article, an announcement) as a form: one title and one content field per
 * language (`title_cn`, `content_en`, ...). Chinese is required (the fallback of every language); another language is
 * both fields or neither.
 */
export type VersionField = `${'title' | 'content'}_${ContentLocale}`;
export type TextVersionsForm = Record<VersionField, string>;

export const titleField = (locale: ContentLocale) => `title_${locale}` as const;
export const contentField = (locale: ContentLocale) => `content_${locale}` as const;

/** The form's values of a text as stored: Chinese in the row, the others in its translations. */
export function versionsToForm(
  chinese: TitledText,
  translations: Partial<Record<string, TitledText>> | undefined,
): TextVersionsForm {
  const form = {} as TextVersionsForm;
  for (const locale of CONTENT_LOCALES) {
    const version = locale === 'cn' ? chinese : translations?.[locale];
    form[titleField(locale)] = version?.title ?? '';
    form[contentField(locale)] = version?.content ?? '';
  }
  return form;
}

/** What the save call takes: the Chinese text, and the translations that have both parts. */
export function formToVersions(form: TextVersionsForm): TitledText & {
  translations: Partial<Record<TranslationLocale, TitledText>>;
} {
  const translations: Partial<Record<TranslationLocale, TitledText>> = {};
  for (const locale of TRANSLATION_LOCALES) {
    const title = form[titleField(locale)].trim();
    const content = form[contentField(locale)].trim();
    if (title && content) translations[locale] = { title, content };
  }
  return { title: form[titleField('cn')], content: form[contentField('cn')], translations };
}

/** The languages a form has a complete version in, Chinese aside. */
export function translatedLocales(form: TextVersionsForm): TranslationLocale[] {
  return TRANSLATION_LOCALES.filter(
    (locale) => form[titleField(locale)].trim() !== '' && form[contentField(locale)].trim() !== '',
  );
}

interface RuleTexts {
  required: string;
  titleTooLong: string;
  contentTooLong: string;
}

/** The contract's rules of each field (the server's), with the messages the operator reads. */
export function versionRules(contentMax: number, texts: RuleTexts): Record<VersionField, FieldRule> {
  const rules = {} as Record<VersionField, FieldRule>;
  for (const locale of CONTENT_LOCALES) {
    const required = locale === 'cn';
    rules[titleField(locale)] = {
      schema: ZText(CONTENT_TITLE_MAX, { min: required ? 1 : 0 }),
      required: required ? texts.required : undefined,
      invalid: texts.titleTooLong,
      blankIsEmpty: true,
    };
    rules[contentField(locale)] = {
      schema: ZMultilineText(contentMax, { min: required ? 1 : 0 }),
      required: required ? texts.required : undefined,
      invalid: texts.contentTooLong,
      blankIsEmpty: true,
    };
  }
  return rules;
}

/** A translation with one part only: the missing part is named. */
export function incompleteVersions(
  form: TextVersionsForm,
  message: string,
): Partial<Record<VersionField, string>> {
  const errors: Partial<Record<VersionField, string>> = {};
  for (const locale of TRANSLATION_LOCALES) {
    const title = form[titleField(locale)].trim();
    const content = form[contentField(locale)].trim();
    if (title && !content) errors[contentField(locale)] = message;
    if (content && !title) errors[titleField(locale)] = message;
  }
  return errors;
}
