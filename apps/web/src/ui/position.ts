import type { RefObject } from 'react';
import { useLayoutEffect, useState } from 'react';

/**
 * Where a floating box (a popover, a menu, a tooltip) goes next to its anchor, in the viewport's coordinates (the box
 * is position: fixed). No CSS anchor positioning: the game's web views run Chromium 87 and Safari 14.
 */
export type Placement =
  /** Under the anchor, lined up with its start edge: its left in a left-to-right page, its right in RTL. */
  | 'bottom-start'
  /** Under the anchor, lined up with its end edge. */
  | 'bottom-end'
  /** Centred above the anchor, below it when there is no room above. */
  | 'top'
  /** Centred below the anchor, above it when there is no room below. */
  | 'bottom';

export interface Point {
  top: number;
  left: number;
}

export interface Size {
  width: number;
  height: number;
}

/** The least room kept between a floating box and the viewport's edges. */
export const VIEWPORT_MARGIN = 8;

function clamp(value: number, min: number, max: number): number {
  return Math.max(min, Math.min(value, max));
}

/**
 * The top-left corner of a box of `size` placed at `anchor` (its getBoundingClientRect), `offset` px away from it,
 * kept inside the viewport with VIEWPORT_MARGIN (it then overlaps its anchor rather than leave the screen).
 */
export function computePosition(
  placement: Placement,
  anchor: DOMRect,
  size: Size,
  viewport: Size,
  rtl: boolean,
  offset = 0,
): Point {
  const above = anchor.top - offset - size.height;
  const below = anchor.bottom + offset;
  const fitsAbove = above >= VIEWPORT_MARGIN;
  const fitsBelow = below + size.height <= viewport.height - VIEWPORT_MARGIN;

  let top = below;
  if (placement === 'top' && (fitsAbove || !fitsBelow)) top = above;
  if (placement === 'bottom' && !fitsBelow && fitsAbove) top = above;

  let left: number;
  if (placement === 'top' || placement === 'bottom') left = anchor.left + (anchor.width - size.width) / 2;
  else left = (placement === 'bottom-start') !== rtl ? anchor.left : anchor.right - size.width;

  return {
    top: clamp(top, VIEWPORT_MARGIN, viewport.height - VIEWPORT_MARGIN - size.height),
    left: clamp(left, VIEWPORT_MARGIN, viewport.width - VIEWPORT_MARGIN - size.width),
  };
}

/**
 * The position of the floating element `floatingRef` at `anchorEl` while `open`: measured before the first paint,
 * again when the window is resized, anything scrolls, or the box changes size (its list has loaded). The document's
 * direction decides where 'start' and 'end' are. Null while closed or without an anchor.
 */
export function useAnchoredPosition(
  open: boolean,
  anchorEl: HTMLElement | null,
  floatingRef: RefObject<HTMLElement | null>,
  placement: Placement,
  offset = 0,
): Point | null {
  const [point, setPoint] = useState<Point | null>(null);

  useLayoutEffect(() => {
    const floating = floatingRef.current;
    if (!open || !anchorEl || !floating) return;
    const update = () => {
      const next = computePosition(
        placement,
        anchorEl.getBoundingClientRect(),
        // offset sizes: a box's own size, without the scale of its opening animation.
        { width: floating.offsetWidth, height: floating.offsetHeight },
        { width: window.innerWidth, height: window.innerHeight },
        document.dir === 'rtl',
        offset,
      );
      setPoint((current) =>
        current && current.top === next.top && current.left === next.left ? current : next,
      );
    };
    // Scrolling inside the box itself (a long menu) does not move it.
    const onScroll = (event: Event) => {
      if (!(event.target instanceof Node && floating.contains(event.target))) update();
    };
    update();
    window.addEventListener('resize', update);
    window.addEventListener('scroll', onScroll, true);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(floating);
    return () => {
      window.removeEventListener('resize', update);
      window.removeEventListener('scroll', onScroll, true);
      observer?.disconnect();
    };
  }, [open, anchorEl, floatingRef, placement, offset]);

  return open && anchorEl ? point : null;
}
