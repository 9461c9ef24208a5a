import { useCallback, useSyncExternalStore } from 'react';

function subscribe(listener: () => void) {
  document.addEventListener('fullscreenchange', listener);
  return () => document.removeEventListener('fullscreenchange', listener);
}

/** Fullscreen of the whole page; `supported` is false where the browser has no Fullscreen API (iOS). */
export type Fullscreen = ReturnType<typeof useFullscreen>;

export function useFullscreen() {
  const active = useSyncExternalStore(
    subscribe,
    () => document.fullscreenElement !== null,
    () => false,
  );
  const supported = typeof document !== 'undefined' && document.fullscreenEnabled === true;
  const toggle = useCallback(() => {
    const action = document.fullscreenElement
      ? document.exitFullscreen()
      : document.documentElement.requestFullscreen();
    action.catch(() => undefined);
  }, []);
  return { active, supported, toggle };
}
