import type { ReactNode } from 'react';
import { cx } from './cx';
import styles from './drawer.module.css';
import type { ModalCloseReason } from './modal';
import { Modal } from './modal';

export interface DrawerProps {
  open: boolean;
  /** Esc, or a press on the backdrop; the caller closes (sets `open` false). */
  onClose?: (reason: ModalCloseReason) => void;
  /** The side it comes from: the inline start (left in LTR, right in RTL, the default), the end, or the bottom. */
  anchor?: 'start' | 'end' | 'bottom';
  /** Kept in the page (hidden) while closed, so it reopens at once with its state. */
  keepMounted?: boolean;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  /** The layer (over the page). */
  className?: string;
  /** The sheet: as wide as its content, at most the screen less 56 px. */
  paperClassName?: string;
  /** On the sheet (the role=dialog element). */
  'data-testid'?: string;
  children?: ReactNode;
}

/**
 * A modal side sheet (MUI's temporary Drawer): slides in over a backdrop from a side; Esc, a press on the backdrop,
 * focus in and back, Tab kept inside and the scroll lock as a Dialog.
 */
export function Drawer({
  open,
  onClose,
  anchor = 'start',
  keepMounted,
  className,
  paperClassName,
  children,
  ...aria
}: DrawerProps) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      keepMounted={keepMounted}
      className={cx(styles.layer, className)}
      containerClassName={cx(styles.container, styles[anchor])}
      paperClassName={cx(styles.paper, paperClassName)}
      {...aria}
    >
      {children}
    </Modal>
  );
}
