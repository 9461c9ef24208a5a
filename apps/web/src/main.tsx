import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { keepQueryCache, restoreQueryCache } from './api/query-cache-storage';
import { queryClient } from './api/query-client';
import { App } from './app/app';
import { applyDocumentLanguage, initI18n } from './i18n';
import { themeOptions } from './stores/theme-options';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('missing #root element');

// The signed-in account's last figures and lists show at once; every screen refreshes them as it mounts.
restoreQueryCache(queryClient, window.localStorage);
keepQueryCache(queryClient, window.localStorage);

const { language, rtlLayout } = themeOptions.get();
applyDocumentLanguage(language, rtlLayout);

void initI18n(language).then(() => {
  createRoot(rootElement).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
