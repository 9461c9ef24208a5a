import i18n from 'i18next';
import type { BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { type FeatureArea, LAZY_AREAS, loadAreas, loadLocale, type TranslationResources } from './resources';
import { languageOf } from './languages';
import type { Locale } from './languages';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: TranslationResources };
  }
}

// One locale at a time, fetched (decision 022): the chosen one at start, another when chosen. No fallback language:
// every locale has every key (test/locales.test.ts), so a second locale would only cost bytes.
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

let markReady: () => void = () => undefined;
/** Settles when the first locale has loaded (a route may ask for more texts before that). */
const ready = new Promise<void>((resolve) => (markReady = resolve));

/**
 * The page's title in the app's language (the browser's tab, WeChat's title bar): index.html's own is Chinese, for
 * the first paint; each language, once its texts are in, puts its name of the app there.
 */
function applyDocumentTitle(): void {
  if (typeof document !== 'undefined' && i18n.exists('app.brand')) document.title = i18n.t('app.brand');
}

export async function initI18n(locale: Locale): Promise<typeof i18n> {
  i18n.off('languageChanged', applyDocumentTitle);
  i18n.on('languageChanged', applyDocumentTitle);
  await i18n
    .use(lazyBackend)
    .use(initReactI18next)
    .init({
      lng: locale,
      fallbackLng: false,
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: true },
    });
  markReady();
  return i18n;
}

/** Fetches feature areas outside the agent's path (the console's, the dashboards') in the loaded languages. */
export async function loadTextAreas(areas: readonly FeatureArea[] = LAZY_AREAS): Promise<void> {
  await ready;
  const languages = i18n.languages?.length ? i18n.languages : [i18n.language];
  return loadAreas(areas, languages, (language, resources) =>
    i18n.addResourceBundle(language, 'translation', resources, true, true),
  );
}

export { i18n };
