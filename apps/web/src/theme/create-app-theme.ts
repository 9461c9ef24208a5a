import { createTheme } from '@mui/material/styles';
import type { Theme } from '@mui/material/styles';
import { COLOR_THEMES } from '../config/themes';
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

export function createAppTheme(options: { themeId: ColorThemeId; darkMode: boolean; rtl: boolean }): Theme {
  const colors = COLOR_THEMES.find((t) => t.id === options.themeId) ?? COLOR_THEMES[0];
  return createTheme({
    direction: options.rtl ? 'rtl' : 'ltr',
    palette: {
      mode: options.darkMode ? 'dark' : 'light',
      primary: { main: colors.primary },
      secondary: { main: colors.secondary },
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
