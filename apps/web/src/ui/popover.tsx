import type { AriaRole, CSSProperties, ReactNode } from 'react';
import { useRef } from 'react';
import { createPortal } from 'react-dom';
import { cx } from './cx';
import { useLayer } from './layers';
import { useAnchoredPosition } from './position';
import styles from './popover.module.css';

/** Why a popover asks to close: Esc, or a press outside it (and outside its anchor). */
export type PopoverCloseReason = 'escape' | 'outside';

export interface PopoverProps {
  open: boolean;
  /** The element it hangs from (the button that opened it). */
  anchorEl: HTMLElement | null;
  onClose: (reason: PopoverCloseReason) => void;
  /** Under the anchor, lined up with its start edge (the default) or its end edge, in the page's direction. */
  placement?: 'bottom-start' | 'bottom-end';
  role?: AriaRole;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  id?: string;
  'data-testid'?: string;
  /** On the paper: its width, its padding. */
  className?: string;
  style?: CSSProperties;
  children?: ReactNode;
}

/**
 * A paper hanging from an element (MUI's Popover), through a portal, kept inside the viewport and following its anchor
 * when the page scrolls or resizes. As MUI's: a transparent backdrop takes the press outside it, so a tap beside an
 * open menu closes the menu and does nothing else (it does not also press what lies under it); Esc closes it; the
 * rest of the page is hidden from screen readers while it is open; focus goes to the paper on open and back to the
 * opener on close. The page under it still scrolls.
 */
export function Popover({
  open,
  anchorEl,
  onClose,
  placement = 'bottom-start',
  className,
  style,
  children,
  ...rest
}: PopoverProps) {
  const paperRef = useRef<HTMLDivElement>(null);
  const position = useAnchoredPosition(open, anchorEl, paperRef, placement);
  useLayer(open, {
    ref: paperRef,
    modal: false,
    onEscape: () => onClose('escape'),
  });

  if (!open) return null;
  return createPortal(
    <div>
      <div className={styles.backdrop} aria-hidden="true" onClick={() => onClose('outside')} />
      <div
        ref={paperRef}
        tabIndex={-1}
        data-popover=""
        className={cx(styles.paper, className)}
        style={{ ...style, ...position }}
        {...rest}
      >
        {children}
      </div>
    </div>,
    document.body,
  );
}
