import type { CSSProperties } from 'react';
import { cx } from './cx';
import styles from './progress.module.css';

export interface SpinnerProps {
  /** Diameter in px (MUI's CircularProgress default is 40). */
  size?: number;
  color?: 'primary' | 'inherit';
  className?: string;
  style?: CSSProperties;
  'aria-label'?: string;
  'data-testid'?: string;
}

/** A turning ring while something is on its way (MUI's indeterminate CircularProgress). */
export function Spinner({ size = 40, color = 'inherit', className, style, ...rest }: SpinnerProps) {
  return (
    <span
      role="progressbar"
      className={cx(styles.spinner, color === 'primary' && styles.primary, className)}
      style={{ width: size, height: size, ...style }}
      {...rest}
    >
      <svg viewBox="22 22 44 44" aria-hidden="true" focusable="false">
        <circle cx="44" cy="44" r="20.2" fill="none" strokeWidth="3.6" />
      </svg>
    </span>
  );
}

export interface LinearProgressProps {
  /** 0-100; without it the bar runs (indeterminate). */
  value?: number;
  color?: 'primary' | 'success' | 'warning' | 'error';
  className?: string;
  style?: CSSProperties;
  'aria-label'?: string;
  'data-testid'?: string;
}

/** A bar: how far something has come, or that it is under way (MUI's LinearProgress). */
export function LinearProgress({ value, color = 'primary', className, style, ...rest }: LinearProgressProps) {
  const determinate = value !== undefined;
  return (
    <span
      role="progressbar"
      aria-valuenow={determinate ? Math.round(value) : undefined}
      aria-valuemin={determinate ? 0 : undefined}
      aria-valuemax={determinate ? 100 : undefined}
      className={cx(styles.linear, styles[color], className)}
      style={style}
      {...rest}
    >
      <span
        className={cx(styles.bar, !determinate && styles.running)}
        style={determinate ? { transform: `scaleX(${Math.min(100, Math.max(0, value)) / 100})` } : undefined}
      />
    </span>
  );
}
