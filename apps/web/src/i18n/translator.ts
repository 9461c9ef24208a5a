import type { TranslationKey } from './keys';

/** One language's texts, as the locale files nest them: `{ money: { recharge: { title: '充值' } } }`. */
export interface Texts {
  [key: string]: string | Texts;
}

/** A text's `{{name}}` values (a number as `String(value)`), and what to show when the key has no text. */
export type TranslationValues = Readonly<Record<string, string | number | null | undefined>> & {
  defaultValue?: string;
};

/**
 * The text of a key in the current language. Keys are checked against the default locale (`TranslationKey`): a
 * wrong key does not compile. A key only known at run time (a status the server sends) needs a `defaultValue`.
 */
export interface TFunction {
  (key: TranslationKey, values?: TranslationValues): string;
  (key: string, values: TranslationValues & { defaultValue: string }): string;
}

type LanguageListener = (language: string) => void;

export interface Translator {
  /** The current language ('' until the first one is set). */
  language: string;
  /** True once a first language is set (its texts loaded, or failed to load). */
  isInitialized: boolean;
  /** Translates in the current language; a new function each time the language changes (React's memos follow it). */
  t: TFunction;
  /** Whether the current language has a text for the key. */
  exists(key: string): boolean;
  /** The languages whose texts are loaded. */
  loadedLanguages(): string[];
  /**
   * Loads a language's texts without switching to it (once; a failed load is tried again next time, and when it is
   * the current language's, its listeners are told once the texts are in).
   */
  loadLanguages(language: string): Promise<void>;
  /**
   * Loads the language's texts, then switches and tells the listeners. A failed load switches all the same (keys
   * show, as i18next did); when several changes overlap, the last one asked for wins.
   */
  changeLanguage(language: string): Promise<void>;
  /** Adds texts to a loaded language, an entry (a feature area) at a time: `{ admin: {...} }`. */
  addTexts(language: string, texts: Texts): void;
  on(event: 'languageChanged', listener: LanguageListener): void;
  off(event: 'languageChanged', listener: LanguageListener): void;
}

function lookup(texts: Texts | undefined, key: string): string | undefined {
  let node: string | Texts | undefined = texts;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

const PLACEHOLDER = /{{\s*(\w+)\s*}}/g;

/**
 * `{{name}}` from the values, as i18next did: a value not given leaves its placeholder, null is empty. No escaping
 * (React escapes what it renders).
 */
export function interpolate(text: string, values: TranslationValues | undefined): string {
  if (!values) return text;
  return text.replace(PLACEHOLDER, (placeholder, name: string) => {
    const value = values[name];
    if (value === undefined) return placeholder;
    return value === null ? '' : String(value);
  });
}

/**
 * A small store of loaded texts, the current language and its listeners: what the app used of i18next
 * (docs/decisions/051-own-i18n.md). `load` fetches a language's texts (an empty object when there are none).
 */
export function createTranslator(load: (language: string) => Promise<Texts>): Translator {
  const loaded = new Map<string, Texts>();
  const loading = new Map<string, Promise<void>>();
  const listeners = new Set<LanguageListener>();
  let changingTo: string | undefined;

  const translatorFor =
    (language: string): TFunction =>
    (key: string, values?: TranslationValues) =>
      interpolate(lookup(loaded.get(language), key) ?? values?.defaultValue ?? key, values);

  /** Makes the language current, with a new `t`, and tells the listeners. */
  const switchTo = (language: string) => {
    translator.language = language;
    translator.t = translatorFor(language);
    for (const listener of [...listeners]) listener(language);
  };

  const loadLanguage = (language: string): Promise<void> => {
    if (loaded.has(language)) return Promise.resolve();
    let pending = loading.get(language);
    if (!pending) {
      pending = load(language).then(
        (texts) => {
          loaded.set(language, texts);
          loading.delete(language);
          // The current language's texts had failed to load: its screens show them now.
          if (language === translator.language) switchTo(language);
        },
        (error: unknown) => {
          loading.delete(language);
          throw error;
        },
      );
      loading.set(language, pending);
    }
    return pending;
  };

  const translator: Translator = {
    language: '',
    isInitialized: false,
    t: translatorFor(''),
    exists: (key) => lookup(loaded.get(translator.language), key) !== undefined,
    loadedLanguages: () => [...loaded.keys()],
    loadLanguages: loadLanguage,
    async changeLanguage(language) {
      changingTo = language;
      try {
        await loadLanguage(language);
      } catch {
        // Switched all the same: the screen shows keys rather than another language than the one chosen.
      }
      if (changingTo !== language) return;
      changingTo = undefined;
      translator.isInitialized = true;
      if (language !== translator.language) switchTo(language);
    },
    addTexts(language, texts) {
      loaded.set(language, { ...loaded.get(language), ...texts });
    },
    on: (_event, listener) => void listeners.add(listener),
    off: (_event, listener) => void listeners.delete(listener),
  };
  return translator;
}
