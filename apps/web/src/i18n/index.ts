import { type FeatureArea, loadAreas, loadLocale } from './resources';
import { languageOf } from './languages';
import type { Locale } from './languages';
import { createTranslator, type Translator } from './translator';

export type { TFunction, Translator, TranslationValues } from './translator';
export type { TranslationKey } from './keys';

// One locale at a time, fetched (decision 022): the chosen one at start, another when chosen. No fallback language:
// every locale has every key (test/locales.test.ts), so a second locale would only cost bytes.
const i18n = createTranslator(loadLocale);

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

export async function initI18n(locale: Locale): Promise<Translator> {
  i18n.off('languageChanged', applyDocumentTitle);
  i18n.on('languageChanged', applyDocumentTitle);
  await i18n.changeLanguage(locale);
  markReady();
  return i18n;
}

/** Fetches feature areas beyond the first texts (the agent's, the console's, the dashboards') in the loaded languages. */
export async function loadTextAreas(areas: readonly FeatureArea[]): Promise<void> {
  await ready;
  return loadAreas(areas, i18n.loadedLanguages(), (language, texts) => i18n.addTexts(language, texts));
}

export { i18n };
