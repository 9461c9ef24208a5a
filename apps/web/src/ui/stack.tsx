import type { CSSProperties, HTMLAttributes, ReactNode } from 'react';
import { Children, createElement, Fragment, isValidElement } from 'react';
import { cx } from './cx';
import styles from './stack.module.css';

export interface StackProps extends HTMLAttributes<HTMLElement> {
  /** Column by default; `rowFromSm` is a column on a phone and a row from 600 px. */
  direction?: 'row' | 'column' | 'rowFromSm';
  /** The gap between children, in the theme's 8 px units (MUI's spacing). */
  spacing?: number;
  alignItems?: 'flex-start' | 'center' | 'flex-end' | 'stretch' | 'baseline';
  justifyContent?: 'flex-start' | 'center' | 'flex-end' | 'space-between' | 'space-around';
  /** Children wrap to the next line when they do not fit. */
  wrap?: boolean;
  /** Drawn between every two children (a <Divider />). */
  divider?: ReactNode;
  component?: string;
  className?: string;
  style?: CSSProperties;
  children?: ReactNode;
}

/** A flex box with a gap: children in a column or a row (replaces MUI's Stack; same props but no `sx`). */
export function Stack({
  direction = 'column',
  spacing = 0,
  alignItems,
  justifyContent,
  wrap,
  divider,
  component = 'div',
  className,
  style,
  children,
  ...rest
}: StackProps) {
  const items = divider
    ? Children.toArray(children)
        .filter(isValidElement)
        .map((child, index) => (
          <Fragment key={child.key ?? index}>
            {index > 0 && divider}
            {child}
          </Fragment>
        ))
    : children;
  return createElement(
    component,
    {
      className: cx(styles.stack, styles[direction], wrap && styles.wrap, className),
      style: {
        gap: spacing ? `calc(var(--space) * ${spacing})` : undefined,
        alignItems,
        justifyContent,
        ...style,
      },
      ...rest,
    },
    items,
  );
}
