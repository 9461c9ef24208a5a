import type { FocusEventHandler, PointerEventHandler, ReactElement } from 'react';
import { cloneElement, useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useAnchoredPosition } from './position';
import styles from './tooltip.module.css';

/** MUI's enterDelay: a pointer crossing a toolbar does not flash every tooltip. */
const HOVER_DELAY = 100;
/** MUI's distance between a tooltip and its element. */
const OFFSET = 14;

/**
 * What the tooltip adds to its child (its own handlers of these still run). preact/compat names an element's onFocus
 * and onBlur onfocusin and onfocusout as it makes the element (decision 056): a child's own are read under both names.
 */
interface TooltipChildProps {
  'aria-describedby'?: string;
  onPointerEnter?: PointerEventHandler<HTMLElement>;
  onPointerLeave?: PointerEventHandler<HTMLElement>;
  onFocus?: FocusEventHandler<HTMLElement>;
  onBlur?: FocusEventHandler<HTMLElement>;
  onfocusin?: FocusEventHandler<HTMLElement>;
  onfocusout?: FocusEventHandler<HTMLElement>;
}

export interface TooltipProps {
  /** The text; '' shows no tooltip. */
  title: string;
  /** One element (a button), which must take pointer and focus events (a disabled button does not). */
  children: ReactElement;
  /** Below its element (the default) or above; the other side when there is no room. */
  placement?: 'top' | 'bottom';
}

/** Keyboard focus, not the focus a tap or a click leaves behind (no tooltip after tapping a button). */
function focusVisible(element: Element): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    return true;
  }
}

/**
 * A label shown by an element while a mouse is over it or the keyboard's focus is on it (MUI's Tooltip, without
 * the long press on touch screens), through a portal; the element is described by it (aria-describedby). Esc hides it.
 */
export function Tooltip({ title, children, placement = 'bottom' }: TooltipProps) {
  const id = useId();
  const tooltipRef = useRef<HTMLDivElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const open = anchor !== null && title !== '';
  const position = useAnchoredPosition(open, anchor, tooltipRef, placement, OFFSET);

  useEffect(() => () => clearTimeout(timer.current), []);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setAnchor(null);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  if (title === '') return children;

  const showSoon = (element: HTMLElement) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setAnchor(element), HOVER_DELAY);
  };
  const hide = () => {
    clearTimeout(timer.current);
    setAnchor(null);
  };
  const child = children as ReactElement<TooltipChildProps>;
  const own = child.props;
  const ownFocus = own.onFocus ?? own.onfocusin;
  const ownBlur = own.onBlur ?? own.onfocusout;

  return (
    <>
      {cloneElement(child, {
        'aria-describedby': open
          ? [own['aria-describedby'], id].filter(Boolean).join(' ')
          : own['aria-describedby'],
        onPointerEnter: (event) => {
          own.onPointerEnter?.(event);
          if (event.pointerType === 'mouse') showSoon(event.currentTarget);
        },
        onPointerLeave: (event) => {
          own.onPointerLeave?.(event);
          hide();
        },
        onFocus: (event) => {
          ownFocus?.(event);
          if (!focusVisible(event.currentTarget)) return;
          clearTimeout(timer.current);
          setAnchor(event.currentTarget);
        },
        onBlur: (event) => {
          ownBlur?.(event);
          hide();
        },
      })}
      {open
        ? createPortal(
            <div
              ref={tooltipRef}
              id={id}
              role="tooltip"
              className={styles.tooltip}
              style={position ?? undefined}
            >
              {title}
            </div>,
            document.body,
          )
        : null}
    </>
  );
}
