import './ui/base.css';
import './lib/preact-auto-focus';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { keepQueryCache, restoreQueryCache } from './api/query-cache-storage';
import { queryClient } from './api/query-client';
import { App } from './app/app';
import { createAppRouter } from './app/router';
import { dismissBootShell, keepBootShell } from './lib/boot-shell';
import { applyDocumentLanguage, initI18n } from './i18n';
import { languageOf } from './i18n/languages';
import { formatCount } from './lib/format';
import { sessionStore } from './lib/session';
import { COLOR_THEMES } from './config/themes';
import { primaryColorOf, themeOptions } from './stores/theme-options';
import { applyThemeVars } from './ui/theme-vars';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('missing #root element');

// The signed-in account's last figures and lists show at once; every screen refreshes them as it mounts.
restoreQueryCache(queryClient, window.localStorage);
keepQueryCache(queryClient, window.localStorage);

const { language, rtlLayout, themeId, darkMode, paletteSource, customColor } = themeOptions.get();
applyDocumentLanguage(language, rtlLayout);
// The stored theme's colours before the first screen is drawn (the operator's brand colour follows with its option).
const colors = COLOR_THEMES.find((t) => t.id === themeId) ?? COLOR_THEMES[0];
applyThemeVars({
  primary: primaryColorOf({ paletteSource, customColor }, undefined) ?? colors.primary,
  secondary: colors.secondary,
  darkMode,
});
// The first number formatter of a language loads its data (tens of milliseconds on a phone): for a signed-in agent,
// whose first screen shows figures, made while the texts and that screen's code are on their way, not in the middle
// of its rendering.
if (sessionStore.get().user) setTimeout(() => formatCount(0, languageOf(language).htmlLang), 0);

/**
 * Once the browser has painted what index.html drew (the prerendered login page, a returning agent's kept figures):
 * the app's first fetches (its texts, the first route's code) and its first render start behind that paint, not
 * ahead of it, which this script, small and quick to arrive, otherwise does. The script itself is not held back (its
 * download goes on beside the page's). A hidden page paints no frame; it goes on after 100 ms.
 */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    const fallback = setTimeout(resolve, 100);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(fallback);
        resolve();
      }, 0),
    );
  });
}

void afterFirstPaint().then(async () => {
  const router = createAppRouter();
  const i18n = await initI18n(language);
  createRoot(rootElement).render(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );
  // This visit's drawing goes once the first screen is on the page: the router ready, then React's next commit into
  // #root (a slow phone renders it well after the router is ready). The snapshot boot-shell.js draws on the next
  // visit is kept from then on, in a task of its own (its first figures formatted are not the first screen's work).
  const withFirstScreen = () => {
    const observer = new MutationObserver(() => {
      observer.disconnect();
      dismissBootShell();
      setTimeout(() => keepBootShell(i18n, window.localStorage), 0);
    });
    observer.observe(rootElement, { childList: true, subtree: true });
  };
  if (router.state.initialized) withFirstScreen();
  else {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      withFirstScreen();
    });
  }
});
