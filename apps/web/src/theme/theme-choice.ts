import { useQuery } from '@tanstack/react-query';
import { getOptionQueryOptions } from '../api/get-option';
import { queryClient } from '../api/query-client';
import { OptionKey } from '../config/constants';
import { COLOR_THEMES } from '../config/themes';
import type { ColorThemeId } from '../config/themes';
import { primaryColorOf, themeOptions } from '../stores/theme-options';

export interface ThemeChoice {
  themeId: ColorThemeId;
  darkMode: boolean;
  rtl: boolean;
  /** The primary colour in use: the person's own, the operator's brand colour or the colour theme's. */
  primary: string;
  secondary: string;
}

/**
 * The theme a person sees, from the customizer's options and the operator's brand colour (option theme.brandColor,
 * read once at start): the phone layer's CSS variables (app/provider.tsx) and the console's MUI theme
 * (theme/mui-scope.tsx) are both made from it.
 */
export function useThemeChoice(): ThemeChoice {
  const themeId = themeOptions.use((s) => s.themeId);
  const darkMode = themeOptions.use((s) => s.darkMode);
  const rtl = themeOptions.use((s) => s.rtlLayout);
  const paletteSource = themeOptions.use((s) => s.paletteSource);
  const customColor = themeOptions.use((s) => s.customColor);
  // The providers sit above the query provider in places: the client is passed.
  const brandColor = useQuery(getOptionQueryOptions(OptionKey.themeBrandColor), queryClient).data;
  const colors = COLOR_THEMES.find((t) => t.id === themeId) ?? COLOR_THEMES[0];
  return {
    themeId,
    darkMode,
    rtl,
    primary: primaryColorOf({ paletteSource, customColor }, brandColor) ?? colors.primary,
    secondary: colors.secondary,
  };
}
