import i18n from 'i18next';
import type { BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { cnResources, loadLocale, type TranslationResources } from './resources';
import { DEFAULT_LOCALE, languageOf } from './languages';
import type { Locale } from './languages';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: TranslationResources };
  }
}

// The default language ships in the main bundle; the other eleven load when chosen.
const lazyBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init: () => undefined,
  read(language, _namespace, callback) {
    loadLocale(language).then(
      (resources) => callback(null, resources),
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
      resources: { [DEFAULT_LOCALE]: { translation: cnResources } },
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: true },
    });
  return i18n;
}

export { i18n };
