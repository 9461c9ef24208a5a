import type { ReactNode } from 'react';
import { cx } from '../../ui/cx';
import { Popover } from '../../ui/popover';
import styles from './header-popover.module.css';
import type { AnchoredMenuProps } from './menu-types';

/** A header dropdown that is a panel rather than a menu (notices, share): 320 px under its button's end edge. */
export function HeaderPopover({
  anchorEl,
  onClose,
  padded = false,
  children,
}: AnchoredMenuProps & { padded?: boolean; children: ReactNode }) {
  return (
    <Popover
      anchorEl={anchorEl}
      open={Boolean(anchorEl)}
      onClose={onClose}
      placement="bottom-end"
      className={cx(styles.paper, padded && styles.padded)}
    >
      {children}
    </Popover>
  );
}
