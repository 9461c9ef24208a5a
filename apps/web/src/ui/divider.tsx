import type { CSSProperties, ReactNode } from 'react';
import { cx } from './cx';
import styles from './divider.module.css';

export interface DividerProps {
  /** A vertical line between the items of a row. */
  vertical?: boolean;
  /** A text in the middle of the line ("or"). */
  children?: ReactNode;
  className?: string;
  style?: CSSProperties;
}

/** A thin line between parts (MUI's Divider). */
export function Divider({ vertical, children, className, style }: DividerProps) {
  if (children)
    return (
      <div role="separator" className={cx(styles.withText, className)} style={style}>
        <span>{children}</span>
      </div>
    );
  return (
    <hr
      aria-orientation={vertical ? 'vertical' : undefined}
      className={cx(styles.divider, vertical && styles.vertical, className)}
      style={style}
    />
  );
}
