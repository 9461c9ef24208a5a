import type { KeyboardEvent } from 'react';

/** Whether the element is laid out right to left (the page's or an ancestor's `dir`). */
export function isRtl(element: Element): boolean {
  return element.closest('[dir]')?.getAttribute('dir') === 'rtl';
}

/**
 * Roving focus, as WAI-ARIA's composite widgets move it (tabs, menus, toolbars): in the widget's keydown handler, the
 * arrow keys of its orientation move the focus to the next or previous item (round the ends), Home and End to the
 * first and last; disabled items are skipped. Left and right swap in a right-to-left page, as the items are laid out.
 * Returns whether the key moved the focus (the default action, a scroll, is then prevented).
 */
export function moveFocusByKey(
  event: KeyboardEvent<HTMLElement>,
  itemSelector: string,
  orientation: 'horizontal' | 'vertical' = 'horizontal',
): boolean {
  const container = event.currentTarget;
  const items = Array.from(container.querySelectorAll<HTMLElement>(itemSelector)).filter(
    (item) => !item.matches(':disabled') && item.getAttribute('aria-disabled') !== 'true',
  );
  if (items.length === 0) return false;
  const current = items.findIndex((item) => item.contains(event.target as Node));
  const forward = orientation === 'vertical' ? 'ArrowDown' : isRtl(container) ? 'ArrowLeft' : 'ArrowRight';
  const backward = orientation === 'vertical' ? 'ArrowUp' : isRtl(container) ? 'ArrowRight' : 'ArrowLeft';
  let next: number;
  if (event.key === forward) next = current < 0 ? 0 : (current + 1) % items.length;
  else if (event.key === backward)
    next = current < 0 ? items.length - 1 : (current - 1 + items.length) % items.length;
  else if (event.key === 'Home') next = 0;
  else if (event.key === 'End') next = items.length - 1;
  else return false;
  event.preventDefault();
  items[next]?.focus();
  return true;
}
