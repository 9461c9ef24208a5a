import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { applyDocumentLanguage, initI18n } from './i18n';
import { themeOptions } from './stores/theme-options';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('missing #root element');

const { language, rtlLayout } = themeOptions.get();
applyDocumentLanguage(language, rtlLayout);

void initI18n(language).then(() => {
  createRoot(rootElement).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
