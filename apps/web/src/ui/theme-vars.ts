import { hexToRgb } from '../lib/color';

/**
 * The phone layer's theme (decision 049): the same tokens the MUI theme of the console is made of
 * (theme/create-app-theme.ts: the colour theme's primary and secondary, light or dark, the backgrounds), written as
 * CSS custom properties on <html>. Every component of `src/ui` and every page stylesheet reads them (`var(--c-primary)`);
 * nothing is computed while rendering. The fixed part (text, dividers, status colours, light and dark) is in base.css.
 *
 * Colours are derived here, not with CSS color-mix(): game web views run Chromium 87 and older.
 */
export interface ThemeColors {
  primary: string;
  secondary: string;
  darkMode: boolean;
}

/** MUI's relative luminance (WCAG 2.0). */
function luminance(hex: string): number {
  const { r, g, b } = hexToRgb(hex);
  const channel = (c: number) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** White text on the colour when it contrasts at least 3:1 (MUI's contrastThreshold), else near-black. */
export function contrastTextOf(hex: string): string {
  const ratio = 1.05 / (luminance(hex) + 0.05);
  return ratio >= 3 ? '#fff' : 'rgba(0,0,0,0.87)';
}

/** MUI's darken/lighten of a hex colour by `amount` (0-1). */
export function shadeOf(hex: string, amount: number): string {
  const { r, g, b } = hexToRgb(hex);
  const f = (c: number) => Math.round(amount < 0 ? c * (1 + amount) : c + (255 - c) * amount);
  return `rgb(${f(r)},${f(g)},${f(b)})`;
}

function rgbList(hex: string): string {
  const { r, g, b } = hexToRgb(hex);
  return `${r},${g},${b}`;
}

/** The custom properties of one theme: the main colour, its channels (for rgba(var(--c-primary-rgb), a)), shades. */
export function themeVars({ primary, secondary }: ThemeColors): Record<string, string> {
  return {
    '--c-primary': primary,
    '--c-primary-rgb': rgbList(primary),
    '--c-primary-dark': shadeOf(primary, -0.3),
    '--c-primary-light': shadeOf(primary, 0.2),
    '--c-primary-contrast': contrastTextOf(primary),
    '--c-secondary': secondary,
    '--c-secondary-rgb': rgbList(secondary),
    '--c-secondary-dark': shadeOf(secondary, -0.3),
    '--c-secondary-contrast': contrastTextOf(secondary),
  };
}

/** Paints the document in a theme: the variables on <html>, `data-theme` light or dark (base.css), color-scheme. */
export function applyThemeVars(colors: ThemeColors, root: HTMLElement = document.documentElement): void {
  for (const [name, value] of Object.entries(themeVars(colors))) root.style.setProperty(name, value);
  root.dataset.theme = colors.darkMode ? 'dark' : 'light';
  root.style.colorScheme = colors.darkMode ? 'dark' : 'light';
}
