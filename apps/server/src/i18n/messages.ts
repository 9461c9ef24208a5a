import i18next from 'i18next';
import ar from './locales/ar.json';
import cn from './locales/cn.json';
import en from './locales/en.json';
import fr from './locales/fr.json';
import ge from './locales/ge.json';
import he from './locales/he.json';
import hu from './locales/hu.json';
import it from './locales/it.json';
import ja from './locales/ja.json';
import ko from './locales/ko.json';
import ru from './locales/ru.json';
import sp from './locales/sp.json';
import { DEFAULT_LOCALE, LOCALES, type Locale } from './locale';

export { DEFAULT_LOCALE, LOCALES, type Locale } from './locale';

/**
 * Every message the server can put in an envelope's `msg` or a ledger memo, one JSON catalog per locale
 * (`locales/<locale>.json`, the web app's codes). `cn` is the reference: its keys are the `MessageKey`s, and every
 * catalog holds exactly these keys with the same `{{name}}` parameters (test/unit/messages-locales.test.ts).
 */
export { cn, en };
export type MessageKey = keyof typeof cn;
export type Messages = Record<MessageKey, string>;
export type MessageParams = Record<string, string | number>;

/** A catalog missing a key of cn does not compile; a key cn lacks is caught by the unit test. */
export const catalogs: Record<Locale, Messages> = { en, fr, he, ru, ar, cn, ge, sp, ja, ko, it, hu };

/**
 * One i18next instance of its own (not the global one), loaded synchronously from the bundled catalogs. Keys are
 * flat (no `.`/`:` separators); the texts go into JSON envelopes, so nothing is HTML-escaped.
 */
const i18n = i18next.createInstance();
void i18n.init({
  resources: Object.fromEntries(LOCALES.map((locale) => [locale, { translation: catalogs[locale] }])),
  lng: DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  load: 'currentOnly',
  initAsync: false,
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** A translator fixed to each locale: no language is switched per request. */
const translators = Object.fromEntries(LOCALES.map((locale) => [locale, i18n.getFixedT(locale)])) as Record<
  Locale,
  ReturnType<typeof i18n.getFixedT>
>;

/**
 * The two messages the client recognises by their text (SESSION_EXPIRED_MSG, SERVER_ERROR_MSG) stay Chinese in
 * every locale, because SPEC section 8 keys behaviour on them.
 */
const FIXED: ReadonlySet<MessageKey> = new Set(['sessionExpired', 'serverError']);

/**
 * `key` in `locale`, its `{{name}}` parameters replaced by `params` (a parameter that is not given stays as written).
 * Parameters are passed as i18next's `replace`, never as options, so a parameter can not pick a language, a plural
 * or a context, and a value is inserted as it is (never read as a placeholder or a nested key).
 */
export function translate(locale: Locale, key: MessageKey, params?: MessageParams): string {
  const reading = FIXED.has(key) ? DEFAULT_LOCALE : locale;
  if (!params) {
    // The catalogs never change while the server runs: a message without parameters is looked up once per locale
    // (every answer's "ok" among them).
    const cacheKey = `${reading}\u0000${key}`;
    let text = plainTexts.get(cacheKey);
    if (text === undefined) {
      text = translators[reading](key, {});
      plainTexts.set(cacheKey, text);
    }
    return text;
  }
  return translators[reading](key, { replace: params });
}

const plainTexts = new Map<string, string>();

/** The messages that are ledger memos (`memoPurchase`, ...). */
export type MemoKey = Extract<MessageKey, `memo${string}`>;

/** A memo as `locale` reads it; a key this version does not know reads as the stored text (decision 013). */
export function translateMemo(
  locale: Locale,
  entry: { memo: string; memoKey: string | null; memoParams: MessageParams | null },
): string {
  if (!entry.memoKey || !Object.hasOwn(cn, entry.memoKey)) return entry.memo;
  return translate(locale, entry.memoKey as MemoKey, entry.memoParams ?? undefined);
}

/**
 * translateMemo for many entries read in one language (a CSV export of the ledger): each memo key's text is looked up
 * once, then its `{{name}}` parameters are filled in as translate fills them (a value inserted as it is, never read as
 * a placeholder; one that is not given stays as written). messages.test.ts holds it to translateMemo's answers.
 */
export function memoTranslator(
  locale: Locale,
): (entry: { memo: string; memoKey: string | null; memoParams: MessageParams | null }) => string {
  const texts = new Map<MemoKey, string>();
  return (entry) => {
    if (!entry.memoKey || !Object.hasOwn(cn, entry.memoKey)) return entry.memo;
    const key = entry.memoKey as MemoKey;
    let text = texts.get(key);
    if (text === undefined) {
      text = translate(locale, key);
      texts.set(key, text);
    }
    const params = entry.memoParams ?? {};
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (placeholder, name: string) =>
      Object.hasOwn(params, name) ? String(params[name]) : placeholder,
    );
  };
}
