import { z } from 'zod';
import {
  COLOR_THEMES,
  DEFAULT_HEADER_FILTER,
  HEADER_FILTERS,
  ROUTE_ANIMATIONS,
  SIDEBAR_FILTERS,
} from '../config/themes';
import type { ColorThemeId, HeaderFilterId, RouteAnimation, SidebarFilterId } from '../config/themes';
import { i18n } from '../i18n';
import { DEFAULT_LOCALE, isLocale, isRtlLocale } from '../i18n/languages';
import type { Locale } from '../i18n/languages';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { isHexColor } from '../lib/color';
import { persistObject } from '../lib/storage';
import { bindStore } from './bind-store';

/** The customizer's theme options (SPEC section 4 'Theme options'), kept across visits. */
export interface ThemeOptions {
  darkMode: boolean;
  collapseSidebar: boolean;
  rtlLayout: boolean;
  language: Locale;
  themeId: ColorThemeId;
  /**
   * Where the primary colour comes from: 'platform' (the operator's brand colour, option theme.brandColor, when set;
   * otherwise the theme), 'preset' (the theme chosen in the customizer), 'custom' (`customColor`).
   */
  paletteSource: PaletteSource;
  /** The person's own colour ('#rrggbb'), or '' when none was chosen. */
  customColor: string;
  sidebarFilterId: SidebarFilterId;
  headerFilterId: HeaderFilterId;
  routerAnimation: RouteAnimation;
}

export const PALETTE_SOURCES = ['platform', 'preset', 'custom'] as const;
export type PaletteSource = (typeof PALETTE_SOURCES)[number];

const ids = <T extends { id: string }>(list: readonly T[]) =>
  list.map((x) => x.id) as [T['id'], ...T['id'][]];

const ZThemeOptions = z.object({
  darkMode: z.boolean(),
  collapseSidebar: z.boolean(),
  rtlLayout: z.boolean(),
  language: z.string().refine(isLocale),
  themeId: z.enum(ids(COLOR_THEMES)),
  paletteSource: z.enum(PALETTE_SOURCES),
  customColor: z.string().refine((value) => value === '' || isHexColor(value)),
  sidebarFilterId: z.enum(ids(SIDEBAR_FILTERS)),
  headerFilterId: z.enum(ids(HEADER_FILTERS)),
  routerAnimation: z.enum(ROUTE_ANIMATIONS),
});

export const DEFAULT_THEME_OPTIONS: ThemeOptions = {
  darkMode: false,
  collapseSidebar: false,
  rtlLayout: isRtlLocale(DEFAULT_LOCALE),
  language: DEFAULT_LOCALE,
  themeId: COLOR_THEMES[0].id,
  paletteSource: 'platform',
  customColor: '',
  sidebarFilterId: SIDEBAR_FILTERS[0].id,
  headerFilterId: DEFAULT_HEADER_FILTER,
  routerAnimation: 'fadeIn',
};

/** Kept under `promoter.themeOptions`; a stored object with any invalid field is dropped for the defaults. */
export const useThemeOptions = create<ThemeOptions>()(
  persist(() => DEFAULT_THEME_OPTIONS, persistObject<ThemeOptions>('themeOptions', ZThemeOptions.partial())),
);

export const themeOptions = bindStore(useThemeOptions);

/**
 * The primary colour the theme paints with: the person's own colour, else (unless a theme was chosen) the operator's
 * brand colour, else none (the chosen theme's). A brand colour that is not a hex colour is ignored.
 */
export function primaryColorOf(
  options: Pick<ThemeOptions, 'paletteSource' | 'customColor'>,
  brandColor: string | undefined,
): string | undefined {
  if (options.paletteSource === 'custom' && isHexColor(options.customColor)) return options.customColor;
  if (options.paletteSource === 'platform' && brandColor !== undefined && isHexColor(brandColor))
    return brandColor;
  return undefined;
}

/**
 * Choosing a language also sets the direction: Hebrew and Arabic on, the rest off. The locale file is
 * loaded first, so the switch happens in one render instead of suspending the whole page.
 */
export async function setLanguage(language: Locale): Promise<void> {
  try {
    await i18n.loadLanguages(language);
  } catch {
    // A failed load falls back to the default locale's texts; the choice still applies.
  }
  themeOptions.set({ language, rtlLayout: isRtlLocale(language) });
}
