import { useMemo, useSyncExternalStore } from 'react';
import { i18n } from './index';
import type { TFunction, Translator } from './translator';

function subscribe(onChange: () => void): () => void {
  i18n.on('languageChanged', onChange);
  return () => i18n.off('languageChanged', onChange);
}

/** The translator's `t` is a new function for each language, so it is the snapshot: it changes with the language. */
const currentT = (): TFunction => i18n.t;

/**
 * The current language's `t`, and the translator. The component renders again when the language changes (its texts
 * are loaded by then: `changeLanguage` loads before it switches), and `t` is then a new function, so memos and
 * effects that depend on it run again.
 */
export function useTranslation(): { t: TFunction; i18n: Translator } {
  const t = useSyncExternalStore(subscribe, currentT, currentT);
  return useMemo(() => ({ t, i18n }), [t]);
}
