import i18n from 'i18next';
import type { BackendModule, ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import cn from './locales/cn.json';
import { DEFAULT_LOCALE, languageOf } from './languages';
import type { Locale } from './languages';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof cn };
  }
}

// The default language ships in the main bundle; the other eleven load when chosen.
const lazyLocales = import.meta.glob<{ default: ResourceKey }>(['./locales/*.json', '!./locales/cn.json']);

const lazyBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init: () => undefined,
  read(language, _namespace, callback) {
    const load = lazyLocales[`./locales/${language}.json`];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : String(error), null),
    );
  },
};

export function applyDocumentLanguage(locale: string, rtl: boolean): void {
  document.documentElement.lang = languageOf(locale).htmlLang;
  document.documentElement.dir = rtl ? 'rtl' : 'ltr';
}

export async function initI18n(locale: Locale): Promise<typeof i18n> {
  await i18n
    .use(lazyBackend)
    .use(initReactI18next)
    .init({
      lng: locale,
      fallbackLng: DEFAULT_LOCALE,
      partialBundledLanguages: true,
      resources: { [DEFAULT_LOCALE]: { translation: cn } },
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: true },
    });
  return i18n;
}

export { i18n };
