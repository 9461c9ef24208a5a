import type { ButtonHTMLAttributes, CSSProperties, MouseEventHandler, ReactNode } from 'react';
import { Link } from '../router';
import { cx } from './cx';
import styles from './button.module.css';
import { Spinner } from './progress';

export type ButtonVariant = 'text' | 'outlined' | 'contained';
export type ButtonColor = 'primary' | 'secondary' | 'error' | 'warning' | 'info' | 'success' | 'inherit';
export type ButtonSize = 'small' | 'medium' | 'large';

interface LookProps {
  variant?: ButtonVariant;
  color?: ButtonColor;
  size?: ButtonSize;
  fullWidth?: boolean;
}

/** The classes of a button's look, for an element that is not a <Button> (a label, a summary). */
export function buttonClass({
  variant = 'text',
  color = 'primary',
  size = 'medium',
  fullWidth,
}: LookProps): string {
  return cx(
    styles.button,
    styles[variant],
    styles[`c_${color}`],
    styles[`${variant}_${size}`],
    fullWidth && styles.fullWidth,
  );
}

export interface ButtonProps
  extends LookProps, Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'color' | 'onClick'> {
  startIcon?: ReactNode;
  endIcon?: ReactNode;
  /** Busy: disabled, with a spinner in place of the start icon (or over the label without one). */
  loading?: boolean;
  /** A link inside the app (the router's Link), drawn as a button. */
  to?: string;
  /** A link to a page outside the app (or a download), drawn as a button. */
  href?: string;
  target?: string;
  rel?: string;
  download?: string | boolean;
  onClick?: MouseEventHandler<HTMLElement>;
  className?: string;
  style?: CSSProperties;
}

/** A button of the theme (MUI's Button: text, outlined or contained; same sizes and colours). */
export function Button({
  variant,
  color,
  size = 'medium',
  fullWidth,
  startIcon,
  endIcon,
  loading,
  disabled,
  to,
  href,
  target,
  rel,
  download,
  className,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  const start = loading && startIcon ? <Spinner size={16} /> : startIcon;
  const content = (
    <>
      {start && <span className={cx(styles.icon, styles.start, styles[`icon_${size}`])}>{start}</span>}
      {loading && !startIcon ? (
        <>
          <span className={styles.hidden}>{children}</span>
          <span className={styles.centreSpinner}>
            <Spinner size={16} />
          </span>
        </>
      ) : (
        children
      )}
      {endIcon && <span className={cx(styles.icon, styles.end, styles[`icon_${size}`])}>{endIcon}</span>}
    </>
  );
  const classes = cx(
    buttonClass({ variant, color, size, fullWidth }),
    (disabled || loading) && styles.disabled,
    className,
  );
  if (to !== undefined && !disabled)
    return (
      <Link to={to} className={classes} {...(rest as object)}>
        {content}
      </Link>
    );
  if (href !== undefined && !disabled)
    return (
      <a href={href} target={target} rel={rel} download={download} className={classes} {...(rest as object)}>
        {content}
      </a>
    );
  return (
    <button type={type} className={classes} disabled={disabled || loading} {...rest}>
      {content}
    </button>
  );
}

export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'color' | 'onClick'> {
  /** Its name for screen readers: an icon button has no text. */
  'aria-label': string;
  color?: ButtonColor | 'default';
  size?: ButtonSize;
  /** Pulled to the edge of its bar (MUI's edge="start"/"end"). */
  edge?: 'start' | 'end';
  to?: string;
  href?: string;
  target?: string;
  rel?: string;
  onClick?: MouseEventHandler<HTMLElement>;
  className?: string;
  style?: CSSProperties;
}

/** A round button around an icon (MUI's IconButton). */
export function IconButton({
  color = 'default',
  size = 'medium',
  edge,
  to,
  href,
  target,
  rel,
  className,
  type = 'button',
  ...rest
}: IconButtonProps) {
  const classes = cx(
    styles.iconButton,
    styles[`c_${color === 'default' ? 'inherit' : color}`],
    color === 'default' && styles.action,
    styles[`iconButton_${size}`],
    edge && styles[`edge_${edge}`],
    className,
  );
  if (to !== undefined && !rest.disabled) return <Link to={to} className={classes} {...(rest as object)} />;
  if (href !== undefined && !rest.disabled)
    return <a href={href} target={target} rel={rel} className={classes} {...(rest as object)} />;
  return <button type={type} className={classes} {...rest} />;
}
