import type { AnchorHTMLAttributes, CSSProperties, ReactNode } from 'react';
import { Link } from '../router';
import { cx } from './cx';
import styles from './link.module.css';

export interface TextLinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  /** A page of the app (the router's Link); otherwise `href`. */
  to?: string;
  /** Underlined always (the default), on hover only, or never. */
  underline?: 'always' | 'hover' | 'none';
  color?: 'primary' | 'inherit' | 'textSecondary';
  variant?: 'body1' | 'body2' | 'caption' | 'inherit';
  className?: string;
  style?: CSSProperties;
  children?: ReactNode;
}

/** A link in running text, in the primary colour (MUI's Link). */
export function TextLink({
  to,
  underline = 'always',
  color = 'primary',
  variant = 'inherit',
  className,
  ...rest
}: TextLinkProps) {
  const classes = cx(styles.link, styles[underline], styles[color], styles[variant], className);
  if (to !== undefined) return <Link to={to} className={classes} {...rest} />;
  return <a className={classes} {...rest} />;
}
