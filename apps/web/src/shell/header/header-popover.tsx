import Popover from '@mui/material/Popover';
import type { ReactNode } from 'react';
import type { AnchoredMenuProps } from './menu-types';

/** A header dropdown that is a panel rather than a menu (notices, share): 320 px under its button's right edge. */
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
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{
        paper: { sx: { width: 320, maxWidth: 'calc(100vw - 24px)', ...(padded ? { p: 2 } : {}) } },
      }}
    >
      {children}
    </Popover>
  );
}
