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

/** Finger-sized targets (WCAG 2.5.5, Apple's 44 pt): the least a tap target measures on a phone. */
const MIN_TAP_TARGET = 44;

/**
 * Where fingers tap: a coarse pointer, or a phone-wide screen (the game's web view). A desktop with a mouse keeps
 * the compact sizes.
 */
const TOUCH_MEDIA = '@media (pointer: coarse), (max-width: 599.95px)';

/** Half the missing size, outwards, or nothing when the box is big enough (the percentages are the box's own). */
const GROW = `min(0px, calc((100% - ${MIN_TAP_TARGET}px) / 2))`;

/**
 * A tap area of at least MIN_TAP_TARGET around a smaller control, drawn by nothing: an empty pseudo-element the
 * browser hit-tests as the control, so a small button, chip or icon keeps its look and takes a finger's tap.
 * The control must be positioned (ButtonBase is).
 */
const tapArea = {
  '&::after': { content: '""', position: 'absolute', top: GROW, bottom: GROW, left: GROW, right: GROW },
} as const;

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
      // Every button, icon button, chip, tab and list button of a phone takes a finger's tap.
      MuiButtonBase: { styleOverrides: { root: { [TOUCH_MEDIA]: tapArea } } },
      // A small field is as tall as a finger on a phone (its label centred again); a Select opens only on its box.
      MuiOutlinedInput: {
        styleOverrides: {
          input: ({ ownerState }) =>
            ownerState.size === 'small' && !ownerState.multiline
              ? { [TOUCH_MEDIA]: { paddingTop: 10.5, paddingBottom: 10.5 } }
              : {},
        },
      },
      MuiInputLabel: {
        styleOverrides: {
          root: ({ ownerState }) =>
            ownerState.size === 'small' && ownerState.variant === 'outlined' && !ownerState.shrink
              ? { [TOUCH_MEDIA]: { transform: 'translate(14px, 11px) scale(1)' } }
              : {},
        },
      },
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiCard: { defaultProps: { variant: 'outlined' } },
      MuiAppBar: { defaultProps: { elevation: 0 } },
    },
  });
}
