import type { CSSProperties, HTMLAttributes, ReactNode } from 'react';
import { cx } from './cx';
import styles from './dialog.module.css';
import type { ModalCloseReason } from './modal';
import { Modal } from './modal';

export type DialogCloseReason = ModalCloseReason;

export interface DialogProps {
  open: boolean;
  /** Esc, or a press on the backdrop; the caller closes (sets `open` false). */
  onClose?: (reason: DialogCloseReason) => void;
  /** As wide as `maxWidth` allows, not as its content. */
  fullWidth?: boolean;
  /** The widest it grows: xs 444 px, sm 600 px (the default), md 900 px. */
  maxWidth?: 'xs' | 'sm' | 'md';
  /** The whole screen, no margin, no corners. */
  fullScreen?: boolean;
  /** A press on the backdrop does not close it (Esc still does). */
  disableBackdropClose?: boolean;
  'aria-labelledby'?: string;
  'aria-describedby'?: string;
  'aria-label'?: string;
  /** On the paper (the role=dialog element). */
  'data-testid'?: string;
  /** On the paper: its width, its margin. */
  className?: string;
  style?: CSSProperties;
  children?: ReactNode;
}

/**
 * A modal dialog (MUI's Dialog): a paper centred over a backdrop, through a portal, faded in. Focus goes to its first
 * focusable element (or the paper) and comes back to the opener on close; Tab stays inside; Esc closes the top-most
 * dialog only; the page does not scroll behind it. Closed, its children are unmounted.
 */
export function Dialog({
  open,
  onClose,
  fullWidth,
  maxWidth = 'sm',
  fullScreen,
  disableBackdropClose,
  className,
  style,
  children,
  ...aria
}: DialogProps) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      disableBackdropClose={disableBackdropClose}
      className={styles.layer}
      containerClassName={styles.container}
      paperClassName={cx(
        styles.paper,
        maxWidth !== 'sm' && styles[maxWidth],
        fullWidth && styles.fullWidth,
        fullScreen && styles.fullScreen,
        className,
      )}
      paperStyle={style}
      {...aria}
    >
      {children}
    </Modal>
  );
}

/** The dialog's title (MUI's DialogTitle): an h2; give it an `id` and the dialog `aria-labelledby` that id. */
export function DialogTitle({ className, ...rest }: HTMLAttributes<HTMLHeadingElement>) {
  return <h2 className={cx(styles.title, className)} {...rest} />;
}

/** The dialog's body, scrolling when long (MUI's DialogContent). */
export function DialogContent({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cx(styles.content, className)} {...rest} />;
}

export interface DialogContentTextProps extends HTMLAttributes<HTMLElement> {
  /** A p by default; a div when it holds blocks. */
  component?: 'p' | 'div';
}

/** The dialog's message, in the muted text colour (MUI's DialogContentText). */
export function DialogContentText({ component: Element = 'p', className, ...rest }: DialogContentTextProps) {
  return <Element className={cx(styles.contentText, className)} {...rest} />;
}

/** The dialog's buttons, at its end edge (MUI's DialogActions). */
export function DialogActions({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cx(styles.actions, className)} {...rest} />;
}
