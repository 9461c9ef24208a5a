import type { ReactNode } from 'react';
import { cx } from './cx';
import styles from './badge.module.css';

export interface BadgeProps {
  children: ReactNode;
  /** A count shown at the corner; nothing at 0 unless showZero. */
  badgeContent?: number;
  /** A dot instead of a count. */
  dot?: boolean;
  invisible?: boolean;
  color?: 'error' | 'primary';
  /** Over a round child (an avatar, an icon). */
  circular?: boolean;
  max?: number;
  className?: string;
}

/** A count or a dot at the top-end corner of its child (MUI's Badge). */
export function Badge({
  children,
  badgeContent,
  dot,
  invisible,
  color = 'error',
  circular,
  max = 99,
  className,
}: BadgeProps) {
  const hidden = invisible || (!dot && !badgeContent);
  return (
    <span className={cx(styles.root, className)}>
      {children}
      {!hidden && (
        <span
          data-badge=""
          className={cx(styles.badge, styles[color], dot && styles.dot, circular && styles.circular)}
        >
          {dot ? null : badgeContent !== undefined && badgeContent > max ? `${max}+` : badgeContent}
        </span>
      )}
    </span>
  );
}
