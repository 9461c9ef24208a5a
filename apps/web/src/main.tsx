import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { keepQueryCache, restoreQueryCache } from './api/query-cache-storage';
import { queryClient } from './api/query-client';
import { App } from './app/app';
import { router } from './app/router';
import { dismissBootShell, keepBootShell } from './lib/boot-shell';
import { applyDocumentLanguage, initI18n } from './i18n';
import { themeOptions } from './stores/theme-options';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('missing #root element');

// The signed-in account's last figures and lists show at once; every screen refreshes them as it mounts.
restoreQueryCache(queryClient, window.localStorage);
keepQueryCache(queryClient, window.localStorage);

const { language, rtlLayout } = themeOptions.get();
applyDocumentLanguage(language, rtlLayout);

void initI18n(language).then((i18n) => {
  createRoot(rootElement).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  // The snapshot boot-shell.js (inline in index.html) draws on the next visit, and this visit's drawing gone with the first screen.
  keepBootShell(i18n, window.localStorage);
  if (router.state.initialized) dismissBootShell();
  else {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      dismissBootShell();
    });
  }
});
