import type { ReactNode } from 'react';
import { Hint } from '../../components/ui/hint';
import { IconButton } from '../../ui/button';
import { cx } from '../../ui/cx';
import styles from './header-icon.module.css';

/** Secondary items show in the toolbar from `md` up; below, they live in the overflow menu (class names). */
export const desktopOnly = styles.desktopOnly;
export const mobileOnly = styles.mobileOnly;

/**
 * A finger's tap on a phone (44 px: the toolbar's seven buttons and the logo fill a 360 px screen side by side, so the
 * size is the button's own, not a larger tap area around it), 40 px from `sm` up: the class of a toolbar's button.
 */
export const headerIconClass = styles.icon;

/** Around a badged icon in a toolbar button (and its badge's test id), laid out as the icon alone. */
export const badgeBoxClass = styles.badgeBox;

/** A button of the header's toolbar: an icon with its label as hint and accessible name, handed its anchor. */
export function HeaderIcon({
  label,
  children,
  onClick,
  className,
  testId,
}: {
  label: string;
  children: ReactNode;
  onClick: (anchor: HTMLElement) => void;
  /** More classes: the tour's target, `desktopOnly` or `mobileOnly`. */
  className?: string;
  testId?: string;
}) {
  return (
    <Hint title={label}>
      <IconButton
        color="inherit"
        aria-label={label}
        className={cx(headerIconClass, className)}
        data-testid={testId}
        onClick={(event) => onClick(event.currentTarget)}
      >
        {children}
      </IconButton>
    </Hint>
  );
}
