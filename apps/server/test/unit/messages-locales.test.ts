import { describe, expect, it } from 'vitest';
import { cn, LOCALES, translate } from '../../src/i18n/messages';
import type { Locale, MessageKey } from '../../src/i18n/messages';
import { extraLocales } from '../../src/i18n/messages-extra';

/** The ten locales besides cn and en, in the product's order. */
const EXTRA = LOCALES.filter((l): l is Exclude<Locale, 'cn' | 'en'> => l !== 'cn' && l !== 'en');
const KEYS = Object.keys(cn) as MessageKey[];
/** Answered in Chinese whatever the locale (FIXED in messages.ts). */
const ALWAYS_CHINESE: readonly MessageKey[] = ['sessionExpired', 'serverError'];

/** The `{name}` placeholders of a template, sorted, with repeats, as `translate` finds them. */
function placeholders(template: string): string[] {
  return Array.from(template.matchAll(/\{(\w+)\}/g), (m) => m[1] as string).sort();
}

describe('server messages in the ten extra locales', () => {
  it('has exactly the ten extra locales', () => {
    expect(EXTRA).toHaveLength(10);
    expect(Object.keys(extraLocales).sort()).toEqual([...EXTRA].sort());
  });

  describe.each(EXTRA)('%s', (locale) => {
    const messages = extraLocales[locale];

    it('has every key of cn, and no other', () => {
      expect(Object.keys(messages).sort()).toEqual([...KEYS].sort());
    });

    it.each(KEYS)('%s is a non-empty translation with the placeholders of cn', (key) => {
      const text = messages[key];
      expect(typeof text).toBe('string');
      expect(text.trim()).not.toBe('');
      expect(text).toBe(text.trim());
      expect(placeholders(text)).toEqual(placeholders(cn[key]));
      // No stray brace: a mistyped placeholder such as `{min` or `min}` is not replaced.
      expect(text.replace(/\{\w+\}/g, '')).not.toMatch(/[{}]/);
    });

    it('is used by translate, which replaces the placeholders', () => {
      for (const key of KEYS) {
        const names = placeholders(cn[key]);
        const params = Object.fromEntries(names.map((name, i) => [name, `<${name}-${i}>`]));
        const result = translate(locale, key, params);
        if (ALWAYS_CHINESE.includes(key)) {
          expect(result).toBe(cn[key]);
          continue;
        }
        const expected = names.reduce(
          (text, name) => text.replace(`{${name}}`, String(params[name])),
          messages[key],
        );
        expect(result).toBe(expected);
        expect(result).not.toMatch(/\{\w+\}/);
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
