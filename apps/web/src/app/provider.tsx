import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Suspense, useEffect, useLayoutEffect } from 'react';
import { queryClient } from '../api/query-client';
import { ToastHost } from '../components/ui/toast-host';
import { applyDocumentLanguage, i18n } from '../i18n';
import { themeOptions } from '../stores/theme-options';
import { applyThemeVars } from '../ui/theme-vars';
import { useThemeChoice } from '../theme/theme-choice';

/**
 * App-wide providers: the theme as CSS variables on <html> (the phone layer's, decision 049; the console's MUI theme
 * is made in its own lazy scope, theme/mui-scope.tsx), TanStack Query, i18n; the toasts' host.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  const { primary, secondary, darkMode, rtl } = useThemeChoice();
  const language = themeOptions.use((s) => s.language);

  useLayoutEffect(() => applyThemeVars({ primary, secondary, darkMode }), [primary, secondary, darkMode]);
  useEffect(() => {
    // What the server wrote (entry memos, refusals) is in the language of the request: fetch it again.
    if (i18n.language !== language)
      void i18n.changeLanguage(language).then(() => queryClient.invalidateQueries());
  }, [language]);
  useEffect(() => applyDocumentLanguage(language, rtl), [language, rtl]);

  return (
    <>
      <QueryClientProvider client={queryClient}>
        <Suspense fallback={null}>{children}</Suspense>
      </QueryClientProvider>
      {/* Toasts: the toaster is fetched with the first one (decision 047). */}
      <ToastHost />
    </>
  );
}
