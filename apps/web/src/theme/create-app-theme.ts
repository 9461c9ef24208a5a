import { createTheme } from '@mui/material/styles';
import type { Theme } from '@mui/material/styles';
import { COLOR_THEMES } from '../config/themes';
import { hexToRgba } from '../lib/color';
import type { ColorThemeId } from '../config/themes';

const FONT_STACK = [
  '-apple-system',
  'BlinkMacSystemFont',
  '"PingFang SC"',
  '"Hiragino Sans GB"',
  '"Microsoft YaHei"',
  '"Noto Sans CJK SC"',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  'sans-serif',
].join(',');

/**
 * The MUI theme of the chosen colour theme; `primary` (a hex colour: the person's own or the operator's brand colour)
 * replaces the theme's primary colour, its selection tint derived from it.
 */
export function createAppTheme(options: {
  themeId: ColorThemeId;
  darkMode: boolean;
  rtl: boolean;
  primary?: string;
}): Theme {
  const colors = COLOR_THEMES.find((t) => t.id === options.themeId) ?? COLOR_THEMES[0];
  const primary = options.primary ?? colors.primary;
  return createTheme({
    direction: options.rtl ? 'rtl' : 'ltr',
    palette: {
      mode: options.darkMode ? 'dark' : 'light',
      primary: { main: primary },
      secondary: { main: colors.secondary },
      action: { selected: hexToRgba(primary, 0.14) },
      background: options.darkMode
        ? { default: '#15171f', paper: '#1e2130' }
        : { default: '#f4f6fb', paper: '#ffffff' },
    },
    shape: { borderRadius: 10 },
    typography: { fontFamily: FONT_STACK, button: { textTransform: 'none', fontWeight: 600 } },
    components: {
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiCard: { defaultProps: { variant: 'outlined' } },
      MuiAppBar: { defaultProps: { elevation: 0 } },
    },
  });
}
