import {
  COLOR_THEMES,
  DEFAULT_HEADER_FILTER,
  HEADER_FILTERS,
  ROUTE_ANIMATIONS,
  SIDEBAR_FILTERS,
  SIDEBAR_IMAGES,
} from '../config/themes';
import type {
  ColorThemeId,
  HeaderFilterId,
  RouteAnimation,
  SidebarFilterId,
  SidebarImageId,
} from '../config/themes';
import { i18n } from '../i18n';
import { DEFAULT_LOCALE, isLocale, isRtlLocale } from '../i18n/languages';
import type { Locale } from '../i18n/languages';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { isHexColor } from '../lib/color';
import { aBoolean, aString, oneOf, partialOf, refine } from '../lib/guards';
import { persistObject } from '../lib/storage';
import { bindStore } from './bind-store';

/** The customizer's theme options (SPEC section 4 'Theme options'), kept across visits. */
export interface ThemeOptions {
  darkMode: boolean;
  collapseSidebar: boolean;
  /** The sidebar layouts (default, mini) drawn inside a centred box, like the boxed layout. */
  boxLayout: boolean;
  rtlLayout: boolean;
  /** Whether the sidebar shows `sidebarImageId` beneath its filter colour. */
  backgroundImage: boolean;
  sidebarImageId: SidebarImageId;
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

/** The stored options: any of them, each one present valid (a single invalid one drops the whole object). */
const storedThemeOptions = partialOf<ThemeOptions>({
  darkMode: aBoolean,
  collapseSidebar: aBoolean,
  boxLayout: aBoolean,
  rtlLayout: aBoolean,
  backgroundImage: aBoolean,
  sidebarImageId: oneOf(ids(SIDEBAR_IMAGES)),
  language: refine(aString, isLocale),
  themeId: oneOf(ids(COLOR_THEMES)),
  paletteSource: oneOf(PALETTE_SOURCES),
  customColor: refine(aString, (value) => value === '' || isHexColor(value)),
  sidebarFilterId: oneOf(ids(SIDEBAR_FILTERS)),
  headerFilterId: oneOf(ids(HEADER_FILTERS)),
  routerAnimation: oneOf(ROUTE_ANIMATIONS),
});

export const DEFAULT_THEME_OPTIONS: ThemeOptions = {
  darkMode: false,
  collapseSidebar: false,
  boxLayout: false,
  rtlLayout: isRtlLocale(DEFAULT_LOCALE),
  backgroundImage: false,
  sidebarImageId: SIDEBAR_IMAGES[0].id,
  language: DEFAULT_LOCALE,
  themeId: COLOR_THEMES[0].id,
  paletteSource: 'platform',
  customColor: '',
  sidebarFilterId: SIDEBAR_FILTERS[0].id,
  headerFilterId: DEFAULT_HEADER_FILTER,
  routerAnimation: 'fadeIn',
};

/** Whether the mini layout is on screen: its collapsed sidebar belongs to the layout, not to the stored choice. */
let miniLayoutActive = false;

const persistOptions = persistObject<ThemeOptions>('themeOptions', storedThemeOptions);

/**
 * Kept under `promoter.themeOptions`; a stored object with any invalid field is dropped for the defaults. While the
 * mini layout is on screen the sidebar is stored expanded, the state it returns to when the layout is left, so a
 * visit that ends inside the mini layout (tab closed, reload elsewhere) does not leave every layout collapsed.
 */
export const useThemeOptions = create<ThemeOptions>()(
  persist(() => DEFAULT_THEME_OPTIONS, {
    ...persistOptions,
    partialize: (state) => (miniLayoutActive ? { ...state, collapseSidebar: false } : state),
  }),
);

export const themeOptions = bindStore(useThemeOptions);

/** SPEC section 2: entering the mini layout turns the collapsed sidebar on (for this visit only). */
export function enterMiniLayout(): void {
  miniLayoutActive = true;
  themeOptions.set({ collapseSidebar: true });
}

/** SPEC section 2: leaving the mini layout turns the collapsed sidebar off. */
export function leaveMiniLayout(): void {
  miniLayoutActive = false;
  themeOptions.set({ collapseSidebar: false });
}

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
    // The choice still applies: the language is loaded again when it is switched to (app/provider.tsx).
  }
  themeOptions.set({ language, rtlLayout: isRtlLocale(language) });
}
