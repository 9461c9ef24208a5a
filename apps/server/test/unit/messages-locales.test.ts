import { readdirSync } from 'node:fs';
import { SERVER_ERROR_MSG, SESSION_EXPIRED_MSG } from '@promoter/contract';
import { describe, expect, it } from 'vitest';
import { catalogs, cn, LOCALES, translate } from '../../src/i18n/messages';
import type { MessageKey } from '../../src/i18n/messages';

const KEYS = Object.keys(cn) as MessageKey[];
/** Answered in Chinese whatever the locale (FIXED in messages.ts). */
const ALWAYS_CHINESE: readonly MessageKey[] = ['sessionExpired', 'serverError'];

/** The `{{name}}` parameters of a template, sorted, with repeats. */
function parameters(template: string): string[] {
  return Array.from(template.matchAll(/\{\{(\w+)\}\}/g), (m) => m[1] as string).sort();
}

describe('server message catalogs', () => {
  it('has one JSON catalog per locale, and no other', () => {
    const files = readdirSync(new URL('../../src/i18n/locales', import.meta.url)).sort();
    expect(files).toEqual(LOCALES.map((locale) => `${locale}.json`).sort());
    expect(Object.keys(catalogs).sort()).toEqual([...LOCALES].sort());
    expect(LOCALES).toHaveLength(12);
  });

  it('keeps the two texts the client recognises as they are in the contract', () => {
    expect(cn.sessionExpired).toBe(SESSION_EXPIRED_MSG);
    expect(cn.serverError).toBe(SERVER_ERROR_MSG);
  });

  describe.each(LOCALES)('%s', (locale) => {
    const messages = catalogs[locale];

    it('has every key of cn, and no key cn lacks', () => {
      expect(Object.keys(messages).sort()).toEqual([...KEYS].sort());
    });

    it.each(KEYS)('%s is a non-empty text with the parameters of cn', (key) => {
      const text = messages[key];
      expect(typeof text).toBe('string');
      expect(text.trim()).not.toBe('');
      expect(text).toBe(text.trim());
      expect(parameters(text)).toEqual(parameters(cn[key]));
      // No stray brace: a parameter written `{min}`, `{{min}` or `{{ min }}` would not be replaced.
      expect(text.replace(/\{\{\w+\}\}/g, '')).not.toMatch(/[{}]/);
      // No i18next nesting: a text is never read as a reference to another key.
      expect(text).not.toContain('$t(');
    });

    it('is used by translate, which replaces the parameters', () => {
      for (const key of KEYS) {
        const names = parameters(cn[key]);
        const params = Object.fromEntries(names.map((name, i) => [name, `<${name}-${i}>`]));
        const result = translate(locale, key, params);
        if (ALWAYS_CHINESE.includes(key)) {
          expect(result).toBe(cn[key]);
          continue;
        }
        const expected = names.reduce(
          (text, name) => text.replace(`{{${name}}}`, String(params[name])),
          messages[key],
        );
        expect(result).toBe(expected);
        expect(result).not.toMatch(/\{\{\w+\}\}/);
        for (const name of names) expect(result).toContain(String(params[name]));
      }
    });
  });

  it('fills real values into the messages that take parameters', () => {
    expect(translate('fr', 'withdrawBelowMinimum', { min: '100.00' })).toBe(
      'Le retrait minimum est de 100.00 yuans',
    );
    expect(translate('ge', 'priceOutOfRange', { min: '0.80', max: '1.00' })).toBe(
      'Der Preis muss zwischen 0.80 und 1.00 Yuan liegen',
    );
    expect(translate('ja', 'captchaTooSoon', { seconds: 42 })).toBe(
      '認証コードの送信回数が多すぎます。42 秒後に再度お試しください',
    );
    expect(translate('ru', 'invalidField', { field: 'token' })).toBe('Неверный параметр: token');
    expect(translate('ko', 'withdrawDailyLimit', { count: 3 })).toBe('출금은 하루 최대 3회까지 가능합니다');
  });
});
