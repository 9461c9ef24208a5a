import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import GlobalStyles from '@mui/material/GlobalStyles';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Suspense, useEffect, useMemo } from 'react';
import { getOptionQueryOptions } from '../api/get-option';
import { queryClient } from '../api/query-client';
import { ToastHost } from '../components/ui/toast-host';
import { OptionKey } from '../config/constants';
import { applyDocumentLanguage, i18n } from '../i18n';
import { primaryColorOf, themeOptions } from '../stores/theme-options';
import { createAppTheme } from '../theme/create-app-theme';
import { ltrCache, rtlCache } from '../theme/emotion-cache';

/** App-wide providers: Emotion cache (RTL or not), MUI theme, TanStack Query, i18n; the toasts' host. */
export function AppProvider({ children }: { children: ReactNode }) {
  const themeId = themeOptions.use((s) => s.themeId);
  const darkMode = themeOptions.use((s) => s.darkMode);
  const rtl = themeOptions.use((s) => s.rtlLayout);
  const language = themeOptions.use((s) => s.language);
  const paletteSource = themeOptions.use((s) => s.paletteSource);
  const customColor = themeOptions.use((s) => s.customColor);
  // The operator's brand colour, read once at start (the theme wraps the query provider: the client is passed).
  const brandColor = useQuery(getOptionQueryOptions(OptionKey.themeBrandColor), queryClient).data;
  const primary = primaryColorOf({ paletteSource, customColor }, brandColor);
  const theme = useMemo(
    () => createAppTheme({ themeId, darkMode, rtl, primary }),
    [themeId, darkMode, rtl, primary],
  );

  useEffect(() => {
    // What the server wrote (entry memos, refusals) is in the language of the request: fetch it again.
    if (i18n.language !== language)
      void i18n.changeLanguage(language).then(() => queryClient.invalidateQueries());
  }, [language]);
  useEffect(() => applyDocumentLanguage(language, rtl), [language, rtl]);

  return (
    <CacheProvider value={rtl ? rtlCache : ltrCache}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <GlobalStyles
          styles={{
            // nprogress's own stylesheet, minus its spinner (turned off): no render-blocking CSS file (decision 022).
            '#nprogress': { pointerEvents: 'none' },
            '#nprogress .bar': {
              background: theme.palette.warning.main,
              position: 'fixed',
              zIndex: theme.zIndex.tooltip + 1,
              top: 0,
              left: 0,
              width: '100%',
              height: 3,
            },
            '#nprogress .peg': {
              display: 'block',
              position: 'absolute',
              right: 0,
              width: 100,
              height: '100%',
              boxShadow: `0 0 10px ${theme.palette.warning.main}`,
              opacity: 1,
              transform: 'rotate(3deg) translate(0px, -4px)',
            },
          }}
        />
        <QueryClientProvider client={queryClient}>
          <Suspense fallback={null}>{children}</Suspense>
        </QueryClientProvider>
        {/* Toasts: notistack is fetched with the first one (decision 047). */}
        <ToastHost />
      </ThemeProvider>
    </CacheProvider>
  );
}
