import type { CSSProperties, HTMLAttributes, ReactNode } from 'react';
import { createElement } from 'react';
import { cx } from './cx';
import palette from './palette.module.css';
import styles from './text.module.css';

export type TextVariant =
  'h4' | 'h5' | 'h6' | 'subtitle1' | 'subtitle2' | 'body1' | 'body2' | 'caption' | 'overline';

/** The text colours of the theme: the main text, the second (muted) one, disabled, or a palette colour. */
export type TextColor =
  | 'textPrimary'
  | 'textSecondary'
  | 'textDisabled'
  | 'primary'
  | 'secondary'
  | 'error'
  | 'warning'
  | 'info'
  | 'success'
  | 'inherit';

const ELEMENT: Record<TextVariant, string> = {
  h4: 'h4',
  h5: 'h5',
  h6: 'h6',
  subtitle1: 'h6',
  subtitle2: 'h6',
  body1: 'p',
  body2: 'p',
  caption: 'span',
  overline: 'span',
};

export interface TextProps extends HTMLAttributes<HTMLElement> {
  /** The type scale of the theme (MUI's Typography variants, same sizes). Default body1. */
  variant?: TextVariant;
  /** The element; by default a heading for h4-h6 and subtitles, p for body, span for caption and overline. */
  component?: string;
  color?: TextColor;
  align?: 'start' | 'center' | 'end';
  weight?: 400 | 500 | 600 | 700;
  /** One line, cut with an ellipsis. */
  noWrap?: boolean;
  /** 0.35em below. */
  gutterBottom?: boolean;
  /** Digits of equal width (figures in columns). */
  tabular?: boolean;
  /** Breaks long words (ids, addresses) instead of overflowing. */
  breakWord?: boolean;
  htmlFor?: string;
  className?: string;
  style?: CSSProperties;
  children?: ReactNode;
}

/** Text in the theme's type scale (replaces MUI's Typography on the phone path). */
export function Text({
  variant = 'body1',
  component,
  color,
  align,
  weight,
  noWrap,
  gutterBottom,
  tabular,
  breakWord,
  className,
  ...rest
}: TextProps) {
  return createElement(component ?? ELEMENT[variant], {
    className: cx(
      styles.text,
      styles[variant],
      color && palette[color],
      align && styles[align],
      weight && styles[`w${weight}`],
      noWrap && styles.noWrap,
      gutterBottom && styles.gutterBottom,
      tabular && styles.tabular,
      breakWord && styles.breakWord,
      className,
    ),
    ...rest,
  });
}
