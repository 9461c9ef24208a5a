import type { CSSProperties, HTMLAttributes, MouseEventHandler, ReactNode } from 'react';
import { createContext, createElement, useContext } from 'react';
import { Link } from '../router';
import { cx } from './cx';
import styles from './list.module.css';
import { Text } from './text';

interface ListContextValue {
  dense: boolean;
  /** The element of an item: li in a list, div in a div or nav. */
  item: 'li' | 'div';
}

const ListContext = createContext<ListContextValue>({ dense: false, item: 'li' });

export interface ListProps extends HTMLAttributes<HTMLElement> {
  /** Items closer together (and their text in the smaller size). */
  dense?: boolean;
  /** No space above the first item and below the last. */
  disablePadding?: boolean;
  component?: 'ul' | 'ol' | 'div' | 'nav';
  /** A heading first (a <ListSubheader>). */
  subheader?: ReactNode;
  className?: string;
  style?: CSSProperties;
  children?: ReactNode;
}

/** A list of rows (MUI's List); its items are li elements in a ul, divs in a div or nav. */
export function List({
  dense = false,
  disablePadding,
  component = 'ul',
  subheader,
  className,
  children,
  ...rest
}: ListProps) {
  const item = component === 'ul' || component === 'ol' ? 'li' : 'div';
  return createElement(
    component,
    {
      className: cx(
        styles.list,
        disablePadding && styles.noPadding,
        subheader !== undefined && styles.withSubheader,
        className,
      ),
      ...rest,
    },
    <ListContext.Provider value={{ dense, item }}>
      {subheader}
      {children}
    </ListContext.Provider>,
  );
}

export interface ListItemProps extends HTMLAttributes<HTMLElement> {
  /** A control at the row's end (a button, an amount), outside the row's own button. */
  secondaryAction?: ReactNode;
  /** No padding: the row is a <ListItemButton>, which has its own. */
  disablePadding?: boolean;
  /** A line under the row. */
  divider?: boolean;
  alignItems?: 'center' | 'flex-start';
  className?: string;
  style?: CSSProperties;
  children?: ReactNode;
}

/** One row of a <List> (MUI's ListItem). */
export function ListItem({
  secondaryAction,
  disablePadding,
  divider,
  alignItems,
  className,
  children,
  ...rest
}: ListItemProps) {
  const list = useContext(ListContext);
  return createElement(
    list.item,
    {
      className: cx(
        styles.item,
        list.dense && styles.dense,
        disablePadding && styles.noPadding,
        divider && styles.divider,
        alignItems === 'flex-start' && styles.alignTop,
        secondaryAction !== undefined && styles.withAction,
        className,
      ),
      ...rest,
    },
    children,
    secondaryAction !== undefined && <div className={styles.action}>{secondaryAction}</div>,
  );
}

export interface ListItemButtonProps extends Omit<HTMLAttributes<HTMLElement>, 'onClick'> {
  onClick?: MouseEventHandler<HTMLElement>;
  /** A link inside the app (the router's Link). */
  to?: string;
  /** A link outside the app. */
  href?: string;
  target?: string;
  rel?: string;
  /**
   * The chosen row, tinted in the primary colour; a button says so with aria-pressed, a link with
   * aria-current="page".
   */
  selected?: boolean;
  disabled?: boolean;
  /** Closer padding; by default the list's. */
  dense?: boolean;
  /** A line under the row. */
  divider?: boolean;
  alignItems?: 'center' | 'flex-start';
  className?: string;
  style?: CSSProperties;
  children?: ReactNode;
}

/**
 * A row that does something when tapped (MUI's ListItemButton): a button, or a link with `to` or `href`; at least
 * 48 px tall.
 */
export function ListItemButton({
  to,
  href,
  target,
  rel,
  selected,
  disabled,
  dense,
  divider,
  alignItems,
  className,
  ...rest
}: ListItemButtonProps) {
  const list = useContext(ListContext);
  const classes = cx(
    styles.button,
    (dense ?? list.dense) && styles.dense,
    selected && styles.selected,
    divider && styles.divider,
    alignItems === 'flex-start' && styles.alignTop,
    className,
  );
  const current = selected ? 'page' : undefined;
  if (to !== undefined && !disabled)
    return <Link to={to} aria-current={current} className={classes} {...rest} />;
  if (href !== undefined && !disabled)
    return <a href={href} target={target} rel={rel} aria-current={current} className={classes} {...rest} />;
  return <button type="button" aria-pressed={selected} disabled={disabled} className={classes} {...rest} />;
}

export interface ListItemPartProps extends HTMLAttributes<HTMLDivElement> {
  className?: string;
  style?: CSSProperties;
  children?: ReactNode;
}

/** The icon at a row's start, in a 56 px column (MUI's ListItemIcon). */
export function ListItemIcon({ className, ...rest }: ListItemPartProps) {
  return <div className={cx(styles.icon, className)} {...rest} />;
}

/** The avatar at a row's start, in a 56 px column (MUI's ListItemAvatar). */
export function ListItemAvatar({ className, ...rest }: ListItemPartProps) {
  return <div className={cx(styles.avatar, className)} {...rest} />;
}

/** What the primary and secondary lines of a <ListItemText> take. */
export interface ListItemTextPartProps {
  className?: string;
  'data-testid'?: string;
}

export interface ListItemTextProps {
  /** The first line; `children` when not given. */
  primary?: ReactNode;
  /** The second line, smaller and muted. */
  secondary?: ReactNode;
  primaryProps?: ListItemTextPartProps;
  secondaryProps?: ListItemTextPartProps;
  /** Lined up with the text of rows that have an icon. */
  inset?: boolean;
  className?: string;
  style?: CSSProperties;
  'data-testid'?: string;
  children?: ReactNode;
}

/** A row's text: a primary line, and a secondary one under it (MUI's ListItemText). */
export function ListItemText({
  primary,
  secondary,
  primaryProps,
  secondaryProps,
  inset,
  className,
  children,
  ...rest
}: ListItemTextProps) {
  const list = useContext(ListContext);
  const hasSecondary = secondary !== undefined && secondary !== null;
  return (
    <div
      className={cx(styles.text, hasSecondary && styles.multiline, inset && styles.inset, className)}
      {...rest}
    >
      <Text
        variant={list.dense ? 'body2' : 'body1'}
        component="span"
        {...primaryProps}
        className={cx(styles.line, primaryProps?.className)}
      >
        {primary ?? children}
      </Text>
      {hasSecondary && (
        <Text
          variant="body2"
          color="textSecondary"
          component="span"
          {...secondaryProps}
          className={cx(styles.line, secondaryProps?.className)}
        >
          {secondary}
        </Text>
      )}
    </div>
  );
}

export interface ListSubheaderProps extends HTMLAttributes<HTMLElement> {
  /** Scrolls away with the list instead of staying at its top. */
  disableSticky?: boolean;
  /** Lined up with the text of rows that have an icon. */
  inset?: boolean;
  className?: string;
  style?: CSSProperties;
  children?: ReactNode;
}

/** A heading inside a list, staying at its top while the list scrolls (MUI's ListSubheader). */
export function ListSubheader({ disableSticky, inset, className, ...rest }: ListSubheaderProps) {
  const list = useContext(ListContext);
  return createElement(list.item, {
    className: cx(styles.subheader, !disableSticky && styles.sticky, inset && styles.inset, className),
    ...rest,
  });
}
