import { describe, expect, it } from 'vitest';
import { LOCALES, localeOf, negotiateLocale, pickLocale } from '../../src/i18n/locale';

describe('the request locale', () => {
  it('takes X-Lang first, then Accept-Language, then Chinese', () => {
    expect(pickLocale('en', 'zh-CN')).toBe('en');
    expect(pickLocale('xx', 'de-DE,de;q=0.9')).toBe('ge');
    expect(pickLocale(undefined, 'es')).toBe('sp');
    expect(pickLocale('', 'ja')).toBe('ja');
    expect(pickLocale(undefined, undefined)).toBe('cn');
    expect(pickLocale('xx', 'xx-YY')).toBe('cn');
  });

  it('reads X-Lang as one of the web app’s codes or as a language tag', () => {
    for (const locale of LOCALES) expect(pickLocale(locale, 'fr')).toBe(locale);
    expect(pickLocale('SP', undefined)).toBe('sp');
    expect(pickLocale('zh-CN', 'fr')).toBe('cn');
    expect(pickLocale('de_AT', 'fr')).toBe('ge');
    expect(pickLocale('es-419', 'fr')).toBe('sp');
  });

  it('maps language tags to the 12 locales', () => {
    const tags: Record<string, string> = {
      zh: 'cn',
      'zh-CN': 'cn',
      'zh-TW': 'cn',
      'zh-Hant-HK': 'cn',
      en: 'en',
      'en-GB': 'en',
      fr: 'fr',
      'fr-CA': 'fr',
      he: 'he',
      iw: 'he',
      ru: 'ru',
      ar: 'ar',
      'ar-EG': 'ar',
      de: 'ge',
      'de-CH': 'ge',
      es: 'sp',
      'es-MX': 'sp',
      ja: 'ja',
      'ko-KR': 'ko',
      it: 'it',
      hu: 'hu',
    };
    for (const [tag, locale] of Object.entries(tags)) {
      expect(localeOf(tag)).toBe(locale);
      expect(negotiateLocale(tag)).toBe(locale);
    }
    for (const unknown of ['pt-BR', 'ka', 'x', '', 'constructor', '__proto__']) {
      expect(localeOf(unknown)).toBeUndefined();
      expect(negotiateLocale(unknown)).toBeUndefined();
    }
  });

  it('orders Accept-Language by q weight, then by position', () => {
    expect(negotiateLocale('fr;q=0.5, ja;q=0.9, en;q=0.7')).toBe('ja');
    expect(negotiateLocale('de;q=0.4, ko')).toBe('ko');
    expect(negotiateLocale('ru, it')).toBe('ru');
    expect(negotiateLocale('it;q=0.8, ru;q=0.8')).toBe('it');
    expect(negotiateLocale('en-US,en;q=0.9,zh-CN;q=0.8,zh;q=0.7')).toBe('en');
    expect(negotiateLocale('zh-TW,zh;q=0.9,en-US;q=0.8,en;q=0.7')).toBe('cn');
  });

  it('skips unknown tags and tags refused with q=0', () => {
    expect(negotiateLocale('pt-BR, pt;q=0.9, hu;q=0.1')).toBe('hu');
    expect(negotiateLocale('ja;q=0, ko;q=0.2')).toBe('ko');
    expect(negotiateLocale('en;q=0')).toBeUndefined();
    expect(pickLocale(undefined, 'pt-BR, en;q=0')).toBe('cn');
  });

  it('reads any language (*) as Chinese and survives malformed headers', () => {
    expect(negotiateLocale('*')).toBe('cn');
    expect(negotiateLocale('pt, *;q=0.1')).toBe('cn');
    for (const junk of [';;;,,', 'en;q=abc', '/de', 'de/x', ',', '=', 'q=1']) {
      expect(() => pickLocale(undefined, junk)).not.toThrow();
    }
    expect(pickLocale(undefined, 'en;q=abc, fr;q=0.2')).toBe('fr');
  });

  it('reads only the beginning of a very long Accept-Language', () => {
    const long = `${'pt;q=0.9,'.repeat(2000)}ja`;
    expect(negotiateLocale(`fr,${long}`)).toBe('fr');
    expect(negotiateLocale(long)).toBeUndefined();
  });
});
