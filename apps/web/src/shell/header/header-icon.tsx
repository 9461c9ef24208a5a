import IconButton from '@mui/material/IconButton';
import type { ReactNode } from 'react';
import { Hint } from '../../components/ui/hint';

/** Secondary items show in the toolbar from `md` up; below, they live in the overflow menu. */
export const desktopOnly = { display: { xs: 'none', md: 'inline-flex' } } as const;
export const mobileOnly = { display: { xs: 'inline-flex', md: 'none' } } as const;

/**
 * A finger's tap on a phone (44 px: the toolbar's seven buttons and the logo fill a 360 px screen side by side, so the
 * size is the button's own, not a larger tap area around it), 40 px from `sm` up.
 */
export const headerIconSize = { p: { xs: 1.25, sm: 1 } } as const;

/** A button of the header's toolbar: an icon with its label as hint and accessible name, handed its anchor. */
export function HeaderIcon({
  label,
  children,
  onClick,
  className,
  testId,
  sx,
}: {
  label: string;
  children: ReactNode;
  onClick: (anchor: HTMLElement) => void;
  className?: string;
  testId?: string;
  sx?: object;
}) {
  return (
    <Hint title={label}>
      <IconButton
        color="inherit"
        aria-label={label}
        className={className}
        data-testid={testId}
        onClick={(event) => onClick(event.currentTarget)}
        sx={{ ...headerIconSize, ...sx }}
      >
        {children}
      </IconButton>
    </Hint>
  );
}
