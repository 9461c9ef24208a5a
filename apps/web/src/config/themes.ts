/** Colour choices of the customizer (SPEC sections 3 and 9): 6 themes, 7 sidebar filters, 6 header filters. */

export interface ColorTheme {
  id: string;
  primary: string;
  secondary: string;
}

export const COLOR_THEMES = [
  { id: 'blue', primary: '#5d92f4', secondary: '#677080' },
  { id: 'purple', primary: '#7c4dff', secondary: '#5b6b7f' },
  { id: 'teal', primary: '#00897b', secondary: '#546e7a' },
  { id: 'orange', primary: '#ef6c00', secondary: '#6d4c41' },
  { id: 'red', primary: '#d32f2f', secondary: '#5d4037' },
  { id: 'green', primary: '#2e7d32', secondary: '#455a64' },
] as const satisfies readonly ColorTheme[];
export type ColorThemeId = (typeof COLOR_THEMES)[number]['id'];

export interface SurfaceFilter {
  id: string;
  /** `null` follows the colour theme's primary colour. */
  background: string | null;
  text: string;
}

export const SIDEBAR_FILTERS = [
  { id: 'dark', background: '#1f2333', text: '#e8eaf0' },
  { id: 'light', background: '#ffffff', text: '#2b2f3a' },
  { id: 'primary', background: null, text: '#ffffff' },
  { id: 'purple', background: '#4a3a9c', text: '#ffffff' },
  { id: 'teal', background: '#0f5f58', text: '#ffffff' },
  { id: 'indigo', background: '#283593', text: '#ffffff' },
  { id: 'brown', background: '#4e342e', text: '#ffffff' },
] as const satisfies readonly SurfaceFilter[];
export type SidebarFilterId = (typeof SIDEBAR_FILTERS)[number]['id'];

export const HEADER_FILTERS = [
  { id: 'light', background: '#ffffff', text: '#2b2f3a' },
  { id: 'primary', background: null, text: '#ffffff' },
  { id: 'dark', background: '#1f2333', text: '#ffffff' },
  { id: 'purple', background: '#4a3a9c', text: '#ffffff' },
  { id: 'teal', background: '#0f5f58', text: '#ffffff' },
  { id: 'orange', background: '#e65100', text: '#ffffff' },
] as const satisfies readonly SurfaceFilter[];
export type HeaderFilterId = (typeof HEADER_FILTERS)[number]['id'];

/** SPEC section 4: the header filter defaults to the second entry. */
export const DEFAULT_HEADER_FILTER: HeaderFilterId = HEADER_FILTERS[1].id;

export const ROUTE_ANIMATIONS = [
  'slideInUp',
  'fadeIn',
  'slideInRight',
  'bounce',
  'lightSpeedIn',
  'pulse',
] as const;
export type RouteAnimation = (typeof ROUTE_ANIMATIONS)[number];
