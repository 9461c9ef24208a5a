import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LANGUAGE_INDEX, DEFAULT_LOCALE, LANGUAGES } from '../src/i18n/languages';
import { FEATURE_AREAS } from '../src/i18n/resources';

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

/** Interpolations: i18next's {{name}} and joyride's {current}/{total}. */
function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}|\{(\w+)\}/g)].map((m) => m[1] ?? m[2] ?? '').sort();
}

const reference = leaves(load(DEFAULT_LOCALE));

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
