import {
  compactTranslations,
  NAME_MAX,
  TRANSLATION_LOCALES,
  ZName,
  ZNameTranslations,
} from '@promoter/contract';
import { describe, expect, it } from 'vitest';
import { DEMO_CATEGORY, DEMO_PACKAGE_SIZES, DEMO_PACKAGES, type DemoName } from '../../src/seed/demo-goods';

/**
 * The demo shop's names read in every language of the product: no agent of the demo meets a package named in
 * Chinese because a version is missing ("100 钻石" in the English shop).
 */

const HAN = /\p{Script=Han}/u;
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
const HANGUL = /\p{Script=Hangul}/u;
const HEBREW = /\p{Script=Hebrew}/u;
const ARABIC = /\p{Script=Arabic}/u;
const CYRILLIC = /\p{Script=Cyrillic}/u;

const ALL: [string, DemoName][] = [
  ['category', DEMO_CATEGORY],
  ...DEMO_PACKAGES.map((item): [string, DemoName] => [`${item.diamonds} diamonds`, item]),
];

describe('the demo shop names', () => {
  it('are the six packages of the shop, each named with its diamonds', () => {
    expect(DEMO_PACKAGES.map((item) => item.diamonds)).toEqual([...DEMO_PACKAGE_SIZES]);
    expect(DEMO_PACKAGES.map((item) => item.name)).toEqual(DEMO_PACKAGE_SIZES.map((n) => `${n} 钻石`));
    for (const item of DEMO_PACKAGES) {
      for (const name of Object.values(item.names)) expect(name).toContain(String(item.diamonds));
    }
  });

  describe.each(ALL)('%s', (_, demo) => {
    it('has a name in every other language, as the console keeps them', () => {
      expect(Object.keys(demo.names).sort()).toEqual([...TRANSLATION_LOCALES].sort());
      expect(ZName.parse(demo.name)).toBe(demo.name);
      expect(ZNameTranslations.parse(demo.names)).toEqual(demo.names);
      // The console's save drops a blank name: nothing here would be dropped.
      expect(compactTranslations(demo.names)).toEqual(demo.names);
      for (const name of Object.values(demo.names)) expect(name.length).toBeLessThanOrEqual(NAME_MAX);
    });

    it.each(TRANSLATION_LOCALES)('is translated into %s, not copied', (locale) => {
      const name = demo.names[locale];
      expect(name).not.toBe(demo.name);
      if (locale !== 'en') expect(name).not.toBe(demo.names.en);
      // Chinese reads as Han without kana in Japanese, Han anywhere else.
      if (locale === 'ja') expect(KANA.test(name)).toBe(true);
      else expect(HAN.test(name), `${locale}: ${name}`).toBe(false);
      if (locale === 'ko') expect(HANGUL.test(name)).toBe(true);
      if (locale === 'he') expect(HEBREW.test(name)).toBe(true);
      if (locale === 'ar') expect(ARABIC.test(name)).toBe(true);
      if (locale === 'ru') expect(CYRILLIC.test(name)).toBe(true);
    });
  });

  it('names the packages as the shop counts diamonds', () => {
    const thousand = DEMO_PACKAGES.find((item) => item.diamonds === 1000)!;
    expect(thousand.names).toEqual({
      en: '1000 Diamonds',
      ja: 'ダイヤ1000個',
      ko: '다이아 1000개',
      ru: '1000 алмазов',
      fr: '1000 diamants',
      ge: '1000 Diamanten',
      it: '1000 diamanti',
      sp: '1000 diamantes',
      hu: '1000 gyémánt',
      he: '1000 יהלומים',
      ar: '1000 ماسة',
    });
  });
});
