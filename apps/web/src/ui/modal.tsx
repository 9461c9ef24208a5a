import type { CSSProperties, MouseEvent, ReactNode } from 'react';
import { useRef } from 'react';
import { createPortal } from 'react-dom';
import { cx } from './cx';
import { useLayer } from './layers';
import styles from './modal.module.css';

/** Why a modal asks to close: Esc, or a press on the backdrop. */
export type ModalCloseReason = 'escape' | 'backdrop';

export interface ModalProps {
  open: boolean;
  onClose?: (reason: ModalCloseReason) => void;
  /** Kept in the page (hidden) while closed, so it reopens at once; otherwise its children unmount. */
  keepMounted?: boolean;
  /** A press on the backdrop does not close it (Esc still does). */
  disableBackdropClose?: boolean;
  /** The layer: its z-index. */
  className?: string;
  /** How the paper is placed over the backdrop (centred, at a side). */
  containerClassName?: string;
  paperClassName?: string;
  paperStyle?: CSSProperties;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  'aria-describedby'?: string;
  'data-testid'?: string;
  children?: ReactNode;
}

/**
 * The frame Dialog and Drawer share (MUI's Modal): a layer over the page in a portal on <body>, its backdrop, and the
 * paper (role=dialog, aria-modal) with the focus kept in it, Esc and the body's scroll lock of layers.ts.
 */
export function Modal({
  open,
  onClose,
  keepMounted,
  disableBackdropClose,
  className,
  containerClassName,
  paperClassName,
  paperStyle,
  children,
  ...paperProps
}: ModalProps) {
  const paperRef = useRef<HTMLDivElement>(null);
  // A press that began on the paper and ended on the backdrop (selecting text) does not close.
  const pressedBackdrop = useRef(false);
  useLayer(open, { ref: paperRef, modal: true, onEscape: () => onClose?.('escape') });

  if (!open && !keepMounted) return null;

  const onMouseDown = (event: MouseEvent) => {
    pressedBackdrop.current = event.target === event.currentTarget;
  };
  const onClick = (event: MouseEvent) => {
    if (pressedBackdrop.current && event.target === event.currentTarget && !disableBackdropClose)
      onClose?.('backdrop');
    pressedBackdrop.current = false;
  };

  return createPortal(
    <div className={cx(styles.root, className)} hidden={!open}>
      <div className={styles.backdrop} aria-hidden="true" />
      <div className={cx(styles.container, containerClassName)} onMouseDown={onMouseDown} onClick={onClick}>
        <div
          ref={paperRef}
          role="dialog"
          aria-modal="true"
          tabIndex={-1}
          className={paperClassName}
          style={paperStyle}
          {...paperProps}
        >
          {children}
        </div>
      </div>
    </div>,
    document.body,
  );
}
