import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { COUNTER_ANIMATION_MS } from '../config/constants';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

let query: { of: typeof window.matchMedia; list: MediaQueryList } | undefined;

/** The device's reduced-motion query, made once (a counting figure reads it on every frame's render). */
function reducedMotionQuery(): MediaQueryList | null {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return null;
  // Made again only when matchMedia itself is another (a test stubs it).
  if (query?.of !== window.matchMedia)
    query = { of: window.matchMedia, list: window.matchMedia(REDUCED_MOTION) };
  return query.list;
}

/** Whether the device asks for reduced motion (its setting may change while the page is open). */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = reducedMotionQuery();
      query?.addEventListener('change', onChange);
      return () => query?.removeEventListener('change', onChange);
    },
    () => reducedMotionQuery()?.matches ?? false,
    () => false,
  );
}

/** Where a count from `from` to `to` stands after `elapsed` of `duration` ms: eased out (fast, then settling). */
export function countUpValue(from: number, to: number, elapsed: number, duration: number): number {
  if (duration <= 0 || elapsed >= duration) return to;
  const progress = Math.max(0, elapsed) / duration;
  return from + (to - from) * (1 - (1 - progress) ** 3);
}

/**
 * A figure counting up to `target` (SPEC section 9: the counter animation, 5000 ms), from 0 the first time and from
 * the value shown when the target changes. With reduced motion asked for, the target at once.
 */
export function useCountUp(target: number, duration: number = COUNTER_ANIMATION_MS): number {
  const reduced = usePrefersReducedMotion();
  const [shown, setShown] = useState(0);
  const shownRef = useRef(0);
  useEffect(() => {
    if (reduced) {
      shownRef.current = target;
      return;
    }
    const from = shownRef.current;
    const start = performance.now();
    let frame = 0;
    const step = (now: number) => {
      const value = countUpValue(from, target, now - start, duration);
      shownRef.current = value;
      setShown(value);
      if (value !== target) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [target, duration, reduced]);
  return reduced ? target : shown;
}
