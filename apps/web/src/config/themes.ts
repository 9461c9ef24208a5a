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

/** A sidebar background image (SPEC section 3 'Other': id and url; 4 images), drawn beneath the sidebar filter. */
export interface SidebarImage {
  id: string;
  url: string;
  /** A small pattern repeated over the sidebar, rather than one picture covering it. */
  tile: boolean;
}

// The images are vector drawings shipped in the bundle as data URLs: no request, no asset to go missing, and
// sharp at any sidebar height. Each is greyscale so the chosen sidebar filter colours it.
const svgUrl = (body: string, width: number, height: number) =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`,
  )}`;

export const SIDEBAR_IMAGES = [
  {
    id: 'mountains',
    tile: false,
    url: svgUrl(
      '<rect width="250" height="800" fill="#222"/><path d="M0 520 L70 420 L130 500 L190 380 L250 470 L250 800 L0 800Z" fill="#555"/><path d="M0 640 L60 560 L120 630 L200 520 L250 580 L250 800 L0 800Z" fill="#888"/><circle cx="190" cy="150" r="40" fill="#bbb"/>',
      250,
      800,
    ),
  },
  {
    id: 'waves',
    tile: false,
    url: svgUrl(
      '<rect width="250" height="800" fill="#333"/><path d="M0 300 Q62 260 125 300 T250 300 V800 H0Z" fill="#555"/><path d="M0 450 Q62 410 125 450 T250 450 V800 H0Z" fill="#777"/><path d="M0 600 Q62 560 125 600 T250 600 V800 H0Z" fill="#999"/>',
      250,
      800,
    ),
  },
  {
    id: 'diagonal',
    tile: true,
    url: svgUrl(
      '<rect width="40" height="40" fill="#2a2a2a"/><path d="M0 40 L40 0 M-10 10 L10 -10 M30 50 L50 30" stroke="#6a6a6a" stroke-width="8"/>',
      40,
      40,
    ),
  },
  {
    id: 'dots',
    tile: true,
    url: svgUrl(
      '<rect width="24" height="24" fill="#303030"/><circle cx="6" cy="6" r="3" fill="#8a8a8a"/><circle cx="18" cy="18" r="3" fill="#666"/>',
      24,
      24,
    ),
  },
] as const satisfies readonly SidebarImage[];
export type SidebarImageId = (typeof SIDEBAR_IMAGES)[number]['id'];
