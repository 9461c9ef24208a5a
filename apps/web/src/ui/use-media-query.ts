import { useCallback, useSyncExternalStore } from 'react';

/** MUI's breakpoints: the smallest width, in px, of each screen size from a small tablet up. */
export const breakpoints = { sm: 600, md: 900, lg: 1200, xl: 1536 } as const;

export type Breakpoint = keyof typeof breakpoints;

/** A screen at least as wide as the breakpoint: up('md') is '(min-width:900px)' (MUI's theme.breakpoints.up). */
export function up(key: Breakpoint): string {
  return `(min-width:${breakpoints[key]}px)`;
}

/** A screen narrower than the breakpoint: down('sm') is '(max-width:599.95px)' (MUI's theme.breakpoints.down). */
export function down(key: Breakpoint): string {
  return `(max-width:${breakpoints[key] - 0.05}px)`;
}

/** The media query list, or null where there is none (the server, a test DOM without matchMedia). */
function mediaList(query: string): MediaQueryList | null {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return null;
  return window.matchMedia(query.replace(/^@media\s*/, ''));
}

/**
 * Whether the media query matches now, updated when it starts or stops matching (MUI's useMediaQuery):
 * `useMediaQuery(up('md'))`. False on the server and while hydrating a page rendered there.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (notify: () => void) => {
      const list = mediaList(query);
      list?.addEventListener('change', notify);
      return () => list?.removeEventListener('change', notify);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => mediaList(query)?.matches ?? false,
    () => false,
  );
}
