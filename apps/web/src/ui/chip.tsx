import type { CSSProperties, MouseEventHandler, ReactNode } from 'react';
import { cx } from './cx';
import styles from './chip.module.css';

export type ChipColor = 'default' | 'primary' | 'secondary' | 'error' | 'warning' | 'info' | 'success';

export interface ChipProps {
  label: ReactNode;
  color?: ChipColor;
  variant?: 'filled' | 'outlined';
  size?: 'small' | 'medium';
  icon?: ReactNode;
  /** A picture at the start (an <Avatar size={24} />). */
  avatar?: ReactNode;
  disabled?: boolean;
  /** A chip that does something is a button. */
  onClick?: MouseEventHandler<HTMLButtonElement>;
  'aria-label'?: string;
  'aria-pressed'?: boolean;
  title?: string;
  className?: string;
  style?: CSSProperties;
  'data-testid'?: string;
}

/** A small rounded label: a status, a level, a filter (MUI's Chip). */
export function Chip({
  label,
  color = 'default',
  variant = 'filled',
  size = 'medium',
  icon,
  avatar,
  disabled,
  onClick,
  className,
  ...rest
}: ChipProps) {
  const classes = cx(
    styles.chip,
    styles[`c_${color}`],
    styles[variant],
    size === 'small' && styles.small,
    onClick && styles.clickable,
    disabled && styles.disabled,
    className,
  );
  const content = (
    <>
      {avatar && <span className={styles.avatar}>{avatar}</span>}
      {icon && <span className={styles.icon}>{icon}</span>}
      <span className={styles.label}>{label}</span>
    </>
  );
  return onClick ? (
    <button type="button" className={classes} onClick={onClick} disabled={disabled} {...rest}>
      {content}
    </button>
  ) : (
    <span className={classes} aria-disabled={disabled || undefined} {...rest}>
      {content}
    </span>
  );
}
