import { CacheProvider } from '@emotion/react';
import { ThemeProvider } from '@mui/material/styles';
import type { ComponentType, ReactNode } from 'react';
import { useMemo } from 'react';
import { createAppTheme } from './create-app-theme';
import { ltrCache, rtlCache } from './emotion-cache';
import { useThemeChoice } from './theme-choice';

/**
 * MUI where it stays (decision 049): the operator console, the template dashboards and cart, the customizer and the
 * tour render inside this scope, made from the same theme choice as the phone layer's CSS variables. It is imported
 * only by those lazy chunks, so MUI and Emotion never reach the agent's phone path (apps/web/test/bundle-budget.test.ts
 * fails if they do).
 */
export function MuiScope({ children }: { children: ReactNode }) {
  const { themeId, darkMode, rtl, primary } = useThemeChoice();
  const theme = useMemo(
    () => createAppTheme({ themeId, darkMode, rtl, primary }),
    [themeId, darkMode, rtl, primary],
  );
  return (
    <CacheProvider value={rtl ? rtlCache : ltrCache}>
      <ThemeProvider theme={theme}>{children}</ThemeProvider>
    </CacheProvider>
  );
}

/** A component rendered inside the MUI scope (a route's page or layout). */
export function withMuiScope<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  function Scoped(props: P) {
    return (
      <MuiScope>
        <Component {...props} />
      </MuiScope>
    );
  }
  Scoped.displayName = `MuiScope(${Component.displayName ?? Component.name})`;
  return Scoped;
}
