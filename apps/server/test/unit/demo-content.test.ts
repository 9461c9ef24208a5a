import {
  ARTICLE_CONTENT_MAX,
  CONTENT_TITLE_MAX,
  compactTitledTranslations,
  localizedVersion,
  TRANSLATION_LOCALES,
} from '@promoter/contract';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../src/i18n/messages';
import { DEMO_ARTICLES } from '../../src/seed/demo-articles';

/**
 * The demo's articles (the seed's help, platform and promoter pages) read in every language of the product: no reader
 * of the demo meets the Chinese text because a version is missing (the Japanese help page showed Chinese).
 */

const HAN = /\p{Script=Han}/u;
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
const HANGUL = /\p{Script=Hangul}/u;

/** A leftover copy of the Chinese text reads as Chinese: Han without kana in Japanese, Han anywhere else. */
function readsAsChinese(locale: string, text: string): boolean {
  if (locale === 'ja') return !KANA.test(text);
  return HAN.test(text);
}

const paragraphs = (content: string) => content.split(/\n[ \t]*\n/).filter((p) => p.trim() !== '');

describe('the demo content', () => {
  it('covers every language of the product but Chinese, the row itself', () => {
    expect([...TRANSLATION_LOCALES].sort()).toEqual(LOCALES.filter((l) => l !== 'cn').sort());
  });

  it('holds every article the app reads (apps/web/src/api/read-article.ts)', () => {
    expect(DEMO_ARTICLES.map((article) => article.slug).sort()).toEqual(
      ['agent-desc', 'agent-recruit', 'help', 'platform-index'].sort(),
    );
  });

  describe.each(DEMO_ARTICLES.map((article) => [article.slug, article] as const))(
    'article %s',
    (_, article) => {
      it('has a complete version in every other language, kept as the console keeps it', () => {
        expect(Object.keys(article.translations).sort()).toEqual([...TRANSLATION_LOCALES].sort());
        // The console's save drops a blank or half version: nothing here would be dropped.
        expect(compactTitledTranslations(article.translations)).toEqual(article.translations);
        for (const text of [article, ...Object.values(article.translations)]) {
          expect(text.title.trim(), article.slug).not.toBe('');
          expect(text.title.length).toBeLessThanOrEqual(CONTENT_TITLE_MAX);
          expect(text.content.length).toBeLessThanOrEqual(ARTICLE_CONTENT_MAX);
          expect(text.content).toBe(text.content.trim());
        }
      });

      it.each(LOCALES)('reads in %s', (locale) => {
        const read = localizedVersion(article, article.translations, locale);
        expect(read.locale).toBe(locale);
        if (locale === 'cn') return;
        // Translated, not copied: no version is the Chinese text, nor (but English itself) the English one.
        expect(read.title).not.toBe(article.title);
        expect(read.content).not.toBe(article.content);
        if (locale !== 'en') {
          expect(read.title).not.toBe(article.translations.en.title);
          expect(read.content).not.toBe(article.translations.en.content);
        }
        expect(readsAsChinese(locale, read.title + read.content), `${article.slug}:${locale}`).toBe(false);
        if (locale === 'ko') expect(HANGUL.test(read.content)).toBe(true);
        // The same paragraphs as the Chinese text: the page shows them one by one.
        expect(paragraphs(read.content)).toHaveLength(paragraphs(article.content).length);
      });
    },
  );
});
