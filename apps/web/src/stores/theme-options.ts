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
import { createStore } from '../lib/create-store';
import { readStored, writeStored } from '../lib/storage';

/** The customizer's theme options (SPEC section 4 'Theme options'), kept across visits. */
export interface ThemeOptions {
  darkMode: boolean;
  collapseSidebar: boolean;
  rtlLayout: boolean;
  language: Locale;
  themeId: ColorThemeId;
  sidebarFilterId: SidebarFilterId;
  headerFilterId: HeaderFilterId;
  routerAnimation: RouteAnimation;
}

const ids = <T extends { id: string }>(list: readonly T[]) =>
  list.map((x) => x.id) as [T['id'], ...T['id'][]];

const ZThemeOptions = z.object({
  darkMode: z.boolean(),
  collapseSidebar: z.boolean(),
  rtlLayout: z.boolean(),
  language: z.string().refine(isLocale),
  themeId: z.enum(ids(COLOR_THEMES)),
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
  sidebarFilterId: SIDEBAR_FILTERS[0].id,
  headerFilterId: DEFAULT_HEADER_FILTER,
  routerAnimation: 'fadeIn',
};

const STORAGE_KEY = 'themeOptions';

function load(): ThemeOptions {
  const stored = readStored(STORAGE_KEY, ZThemeOptions.partial());
  return { ...DEFAULT_THEME_OPTIONS, ...(stored as Partial<ThemeOptions> | undefined) };
}

export const themeOptions = createStore<ThemeOptions>(load(), (state) => writeStored(STORAGE_KEY, state));

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
