import type { TranslationLocale } from '@promoter/contract';

/**
 * A name of the demo's shop: the Chinese one in the row's own `name` (every language's fallback) and one in each of
 * the product's 11 other languages in `names`, as the console keeps them (`ZNameTranslations`), so no agent of the
 * demo reads a package's name in Chinese (test/unit/demo-content.test.ts). The words are the shop's own
 * (`shop.recharge.choose`, `shop.recharge.diamonds` in each language of the web app).
 */
export interface DemoName {
  name: string;
  names: Record<TranslationLocale, string>;
}

/** The demo's one category. */
export const DEMO_CATEGORY: DemoName = {
  name: '钻石套餐',
  names: {
    en: 'Diamond packages',
    ja: 'ダイヤパック',
    ko: '다이아 패키지',
    ru: 'Пакеты алмазов',
    fr: 'Packs de diamants',
    ge: 'Diamantpakete',
    it: 'Pacchetti di diamanti',
    sp: 'Paquetes de diamantes',
    hu: 'Gyémántcsomagok',
    he: 'חבילות יהלומים',
    ar: 'باقات الماس',
  },
};

/**
 * A package's name for its number of diamonds, in each language. Every size of the demo is a multiple of 100, which
 * fixes the grammatical number where a language counts nouns (Russian's genitive plural after 100, 300, 1000...;
 * Arabic's singular after a hundred or a thousand).
 */
const PACKAGE_NAME: Record<'cn' | TranslationLocale, (diamonds: number) => string> = {
  cn: (n) => `${n} 钻石`,
  en: (n) => `${n} Diamonds`,
  ja: (n) => `ダイヤ${n}個`,
  ko: (n) => `다이아 ${n}개`,
  ru: (n) => `${n} алмазов`,
  fr: (n) => `${n} diamants`,
  ge: (n) => `${n} Diamanten`,
  it: (n) => `${n} diamanti`,
  sp: (n) => `${n} diamantes`,
  hu: (n) => `${n} gyémánt`,
  he: (n) => `${n} יהלומים`,
  ar: (n) => `${n} ماسة`,
};

/** The sizes of the demo's packages, in the shop's order. */
export const DEMO_PACKAGE_SIZES = [100, 300, 600, 1000, 3000, 5000] as const;

/** A package of the demo's shop: its diamonds and its name in every language. */
export interface DemoPackageName extends DemoName {
  diamonds: number;
}

export const DEMO_PACKAGES: DemoPackageName[] = DEMO_PACKAGE_SIZES.map((diamonds) => {
  const { cn, ...others } = PACKAGE_NAME;
  return {
    diamonds,
    name: cn(diamonds),
    names: Object.fromEntries(
      Object.entries(others).map(([locale, name]) => [locale, name(diamonds)]),
    ) as Record<TranslationLocale, string>,
  };
});
