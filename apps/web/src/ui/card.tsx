import type { CSSProperties, HTMLAttributes, ReactNode, Ref } from 'react';
import { createElement } from 'react';
import { cx } from './cx';
import styles from './card.module.css';

export interface PaperProps extends HTMLAttributes<HTMLElement> {
  /** outlined (the theme's cards) or elevation (a shadow, for menus and floating parts). */
  variant?: 'outlined' | 'elevation' | 'flat';
  /** Square corners. */
  square?: boolean;
  component?: string;
  className?: string;
  style?: CSSProperties;
  children?: ReactNode;
  ref?: Ref<HTMLElement>;
}

/** A surface of the paper colour (MUI's Paper). */
export function Paper({ variant = 'outlined', square, component = 'div', className, ...rest }: PaperProps) {
  return createElement(component, {
    className: cx(styles.paper, styles[variant], square && styles.square, className),
    ...rest,
  });
}

/** A card: an outlined paper that clips its content (MUI's Card with the theme's outlined default). */
export function Card({ className, ...rest }: PaperProps) {
  return <Paper className={cx(styles.card, className)} {...rest} />;
}

/** A card's padded body: 16 px, 24 px below the last one (MUI's CardContent). */
export function CardContent({ className, component = 'div', ...rest }: PaperProps) {
  return createElement(component, { className: cx(styles.content, className), ...rest });
}

/** A card's row of actions at its foot (MUI's CardActions). */
export function CardActions({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cx(styles.actions, className)} {...rest} />;
}
