import type { RefObject } from 'react';
import { useLayoutEffect, useRef } from 'react';

/**
 * The open overlays (dialogs, drawers, popovers, menus), the last opened on top, and what they share: only the top
 * one answers Esc, Tab and a press outside it, so Esc in a menu over a dialog closes the menu alone; a modal one
 * locks the body's scroll (counted: two open dialogs unlock once both have closed) and keeps Tab inside it; each
 * moves focus in when it opens and gives it back to the element that had it when it closes.
 */
interface Layer {
  onKeyDown: (event: KeyboardEvent) => void;
  onPointerDown: (event: PointerEvent) => void;
}

const stack: Layer[] = [];

function topLayer(): Layer | undefined {
  return stack[stack.length - 1];
}

function onDocumentKeyDown(event: KeyboardEvent) {
  // An input method's Esc or Tab (choosing a Chinese word) is not the page's; nor a key a control has handled
  // (a menu's Tab, which closes it: the dialog under it must not move focus as well).
  if (event.isComposing || event.defaultPrevented) return;
  topLayer()?.onKeyDown(event);
}

function onDocumentPointerDown(event: PointerEvent) {
  topLayer()?.onPointerDown(event);
}

function push(layer: Layer) {
  if (stack.length === 0) {
    document.addEventListener('keydown', onDocumentKeyDown);
    document.addEventListener('pointerdown', onDocumentPointerDown, true);
  }
  stack.push(layer);
}

function remove(layer: Layer) {
  const index = stack.indexOf(layer);
  if (index >= 0) stack.splice(index, 1);
  if (stack.length === 0) {
    document.removeEventListener('keydown', onDocumentKeyDown);
    document.removeEventListener('pointerdown', onDocumentPointerDown, true);
  }
}

// ---- Scroll lock ---------------------------------------------------------------------------------------------------

let locks = 0;
let unlock: (() => void) | null = null;

/** The page behind a modal stays put; a desktop's scroll bar is made up for by padding, so nothing shifts. */
function lockScroll() {
  locks += 1;
  if (locks > 1) return;
  const { body, documentElement } = document;
  const previous = { overflow: body.style.overflow, paddingRight: body.style.paddingRight };
  const scrollBar = documentElement.clientWidth > 0 ? window.innerWidth - documentElement.clientWidth : 0;
  if (scrollBar > 0) {
    const padding = parseFloat(getComputedStyle(body).paddingRight) || 0;
    body.style.paddingRight = `${padding + scrollBar}px`;
  }
  body.style.overflow = 'hidden';
  unlock = () => {
    body.style.overflow = previous.overflow;
    body.style.paddingRight = previous.paddingRight;
  };
}

function unlockScroll() {
  locks -= 1;
  if (locks > 0) return;
  unlock?.();
  unlock = null;
}

// ---- The rest of the page ------------------------------------------------------------------------------------------

/**
 * While a dialog, drawer, menu or popover is open the rest of the page is hidden from screen readers (MUI's
 * ModalManager did the same): every other child of <body> gets aria-hidden, and gets it back as it was on close.
 */
function hideOthers(element: HTMLElement): () => void {
  let own: Element = element;
  while (own.parentElement && own.parentElement !== document.body) own = own.parentElement;
  const hidden: Element[] = [];
  for (const child of Array.from(document.body.children)) {
    if (child === own || child.getAttribute('aria-hidden') === 'true' || child.tagName === 'SCRIPT') continue;
    child.setAttribute('aria-hidden', 'true');
    hidden.push(child);
  }
  return () => {
    for (const child of hidden) child.removeAttribute('aria-hidden');
  };
}

// ---- Focus ---------------------------------------------------------------------------------------------------------

const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  '[tabindex]',
  '[contenteditable="true"]',
].join(',');

/** The elements inside `root` that Tab reaches, in document order. */
export function tabbableIn(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => element.tabIndex >= 0 && !element.closest('[hidden]'),
  );
}

/** Tab and Shift+Tab go round the elements of `root` and never leave it. */
function keepTabInside(event: KeyboardEvent, root: HTMLElement) {
  const tabbable = tabbableIn(root);
  const active = document.activeElement;
  const inside = active instanceof HTMLElement && root.contains(active);
  const first = tabbable[0];
  const last = tabbable[tabbable.length - 1];
  if (!first || !last) {
    event.preventDefault();
    root.focus();
    return;
  }
  if (event.shiftKey && (!inside || active === first || active === root)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (!inside || active === last)) {
    event.preventDefault();
    first.focus();
  }
}

export interface LayerOptions {
  /** The overlay's element (a dialog's paper, a popover): focus goes in it, Tab stays in it when modal. */
  ref: RefObject<HTMLElement | null>;
  /**
   * A modal layer locks the body's scroll, keeps Tab inside and focuses its first focusable element on open;
   * a popover focuses itself.
   */
  modal: boolean;
  onEscape: () => void;
  /** A press (mouse, finger, pen) outside the layer's element while it is on top. */
  onPointerDownOutside?: (event: PointerEvent) => void;
}

/**
 * One overlay on the stack while `open`: Esc, Tab, the press outside, the scroll lock (modal) and focus in and back.
 * Focus goes back to the element that had it at opening when, at closing, focus was inside the overlay or nowhere
 * (a click elsewhere that focused another field keeps it there).
 */
export function useLayer(open: boolean, { ref, modal, onEscape, onPointerDownOutside }: LayerOptions): void {
  // The latest callbacks, read when a key comes: the layer is not re-registered at each render of its owner.
  const handlers = useRef({ onEscape, onPointerDownOutside });
  useLayoutEffect(() => {
    handlers.current = { onEscape, onPointerDownOutside };
  });

  useLayoutEffect(() => {
    const root = ref.current;
    if (!open || !root) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const layer: Layer = {
      onKeyDown(event) {
        if (event.key === 'Escape') handlers.current.onEscape();
        else if (event.key === 'Tab' && modal) keepTabInside(event, root);
      },
      onPointerDown(event) {
        if (event.target instanceof Node && !root.contains(event.target))
          handlers.current.onPointerDownOutside?.(event);
      },
    };
    push(layer);
    if (modal) lockScroll();
    const showOthers = hideOthers(root);
    // A child that took focus itself (autoFocus) keeps it.
    if (!root.contains(document.activeElement)) ((modal && tabbableIn(root)[0]) || root).focus();
    return () => {
      remove(layer);
      if (modal) unlockScroll();
      showOthers();
      const active = document.activeElement;
      const lost = !active || active === document.body || root.contains(active);
      if (lost && opener?.isConnected) opener.focus();
    };
  }, [open, ref, modal]);
}
