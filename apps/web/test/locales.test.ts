import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LANGUAGE_INDEX, DEFAULT_LOCALE, LANGUAGES } from '../src/i18n/languages';
import { ADMIN_AREAS, FEATURE_AREAS } from '../src/i18n/resources';

const LOCALES_DIR = join(__dirname, '..', 'src', 'i18n', 'locales');

type Tree = { [key: string]: string | Tree };

/** Every feature area the app merges (resources.ts): none is left out of the checks below. */
const AREAS: readonly string[] = FEATURE_AREAS;

/** A locale as the app sees it: the shell's file with each feature area's file merged under its name. */
function load(locale: string): Tree {
  const tree = JSON.parse(readFileSync(join(LOCALES_DIR, `${locale}.json`), 'utf8')) as Tree;
  for (const area of AREAS) {
    tree[area] = JSON.parse(readFileSync(join(LOCALES_DIR, area, `${locale}.json`), 'utf8')) as Tree;
  }
  return tree;
}

/** Every leaf as a dotted path with its text. */
function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}

/** Interpolations: the translator's {{name}} and joyride's {current}/{total}. */
function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}|\{(\w+)\}/g)].map((m) => m[1] ?? m[2] ?? '').sort();
}

const reference = leaves(load(DEFAULT_LOCALE));

/** The agent's texts: every key but the operator console's areas. */
const isAgentText = (key: string) => !ADMIN_AREAS.some((area) => key.startsWith(`${area}.`));

/**
 * A text that is, word for word, the one it was translated from: Chinese for Japanese and Korean, English for the
 * others. Placeholders and the names of products (WeChat, Alipay, SaaS, ID, SMS, iPhone, Android) do not count.
 */
function copiedFrom(source: string | undefined, text: string): boolean {
  if (source !== text) return false;
  const words = text
    .replace(/\{\{\s*\w+\s*\}\}|\{\w+\}/g, ' ')
    .replace(/\b(WeChat|Alipay|SaaS|ID|SMS|iPhone|Android)\b/g, ' ');
  return /\p{L}/u.test(words);
}

/**
 * The agent's texts that are the same word in the source language, each read and kept on purpose (a new one is a
 * missed translation until it is added here).
 */
const SAME_WORD: Record<string, readonly string[]> = {
  fr: [
    'header.notifications',
    'header.contacts.title',
    'header.search.page',
    'cart.total',
    'themes.orange',
    'filters.indigo',
    'filters.orange',
    'tour.toggleSidebar.title',
    'nav.dashboards.ecommerce',
    'nav.dashboards.magazine',
    'money.transfer.confirmAgent',
    'money.flow.type',
    'money.detail.counterpartyAgent',
    'inbox.bell.title',
    'dashboards.ecommerce.rechargeCount',
  ],
  ge: [
    'level.2',
    'title.ordinary',
    'header.shop',
    'sidebar.groups.components',
    'themes.orange',
    'filters.indigo',
    'filters.orange',
    'money.transfer.confirmAgent',
    'money.withdrawApply.bankName',
    'money.detail.counterpartyAgent',
    'shop.downline.teamSize',
    'payout.form.bankName',
    'dashboards.agency.agent',
    'dashboards.agency.team',
  ],
  sp: ['cart.total', 'sidebar.groups.general', 'customizer.general'],
  it: [
    'sidebar.groups.features',
    'tour.toggleSidebar.title',
    'nav.dashboards.ecommerce',
    'identity.common.password',
  ],
  hu: ['money.withdrawApply.bankName', 'payout.form.bankName'],
  ja: ['cart.quantity', 'shop.priceList.save', 'shop.order.goods', 'payout.form.save', 'payout.form.saving'],
};

describe('locale files', () => {
  it('are exactly the 12 locales, with cn the default at index 5', () => {
    for (const area of AREAS) {
      const areaFiles = readdirSync(join(LOCALES_DIR, area))
        .map((f) => f.replace(/\.json$/, ''))
        .sort();
      expect(areaFiles, area).toEqual(LANGUAGES.map((l) => l.locale).sort());
    }
    const files = readdirSync(LOCALES_DIR)
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.replace(/\.json$/, ''))
      .sort();
    expect(files).toEqual(LANGUAGES.map((l) => l.locale).sort());
    expect(LANGUAGES.map((l) => l.locale)).toEqual([
      'en',
      'fr',
      'he',
      'ru',
      'ar',
      'cn',
      'ge',
      'sp',
      'ja',
      'ko',
      'it',
      'hu',
    ]);
    expect(DEFAULT_LANGUAGE_INDEX).toBe(5);
    expect(DEFAULT_LOCALE).toBe('cn');
  });

  it('cn has the welcome toast and the server-error notice the spec names', () => {
    expect(reference.get('login.welcome')).toBe('欢迎登录推广员系统');
    expect(reference.get('errors.server')).toBe('服务器错误');
  });

  for (const { locale } of LANGUAGES) {
    describe(locale, () => {
      const texts = leaves(load(locale));

      it('has every key that cn has', () => {
        const missing = [...reference.keys()].filter((key) => !texts.has(key));
        expect(missing).toEqual([]);
      });

      it('has no key that cn lacks', () => {
        const extra = [...texts.keys()].filter((key) => !reference.has(key));
        expect(extra).toEqual([]);
      });

      it.skipIf(locale === DEFAULT_LOCALE || locale === 'en')(
        "translates every agent text instead of copying cn's or en's",
        () => {
          const source = leaves(load(locale === 'ja' || locale === 'ko' ? DEFAULT_LOCALE : 'en'));
          const kept = new Set(SAME_WORD[locale] ?? []);
          const copied = [...texts]
            .filter(([key, text]) => isAgentText(key) && !kept.has(key) && copiedFrom(source.get(key), text))
            .map(([key]) => key);
          expect(copied).toEqual([]);
        },
      );

      // Japanese writes kanji; no other language has a Chinese character in an agent's text.
      it.skipIf(locale === DEFAULT_LOCALE || locale === 'ja')('has no Chinese text left behind', () => {
        const chinese = [...texts]
          .filter(([key, text]) => isAgentText(key) && /\p{Script=Han}/u.test(text))
          .map(([key]) => key);
        expect(chinese).toEqual([]);
      });

      it('has no empty text and keeps every placeholder', () => {
        for (const [key, text] of reference) {
          const translated = texts.get(key);
          if (translated === undefined) continue;
          expect(translated.trim(), `${locale}:${key}`).not.toBe('');
          expect(placeholders(translated), `${locale}:${key}`).toEqual(placeholders(text));
        }
      });
    });
  }
});
