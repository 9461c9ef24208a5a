import type { CSSProperties } from 'react';
import { cx } from './cx';
import styles from './skeleton.module.css';

export interface SkeletonProps {
  /** text: a line of the surrounding font; rounded/rectangular: a block; circular: an avatar. */
  variant?: 'text' | 'rounded' | 'rectangular' | 'circular';
  width?: number | string;
  height?: number | string;
  className?: string;
  style?: CSSProperties;
  'data-testid'?: string;
}

/** The shape of what is loading, pulsing (MUI's Skeleton). */
export function Skeleton({ variant = 'text', width, height, className, style, ...rest }: SkeletonProps) {
  return (
    <span
      aria-hidden="true"
      data-skeleton=""
      className={cx(styles.skeleton, styles[variant], className)}
      style={{ width, height, ...style }}
      {...rest}
    />
  );
}
