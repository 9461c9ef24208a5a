import type { CSSProperties, KeyboardEvent, MouseEventHandler, ReactNode } from 'react';
import { useLayoutEffect, useRef } from 'react';
import { Link } from '../router';
import { cx } from './cx';
import styles from './menu.module.css';
import type { PopoverCloseReason } from './popover';
import { Popover } from './popover';

/** Why a menu asks to close: Esc, a press outside it, or Tab (which leaves a menu, as in MUI). */
export type MenuCloseReason = PopoverCloseReason | 'tab';

export interface MenuProps {
  open: boolean;
  anchorEl: HTMLElement | null;
  onClose: (reason: MenuCloseReason) => void;
  placement?: 'bottom-start' | 'bottom-end';
  'aria-label'?: string;
  'aria-labelledby'?: string;
  /** On the role=menu element (for the opener's aria-controls). */
  id?: string;
  /** On the role=menu element. */
  'data-testid'?: string;
  /** On the paper: its width, its height. */
  className?: string;
  children?: ReactNode;
}

/** The items a key can reach: not disabled. */
function itemsOf(menu: HTMLElement): HTMLElement[] {
  return Array.from(menu.querySelectorAll<HTMLElement>('[role="menuitem"]')).filter(
    (item) => item.getAttribute('aria-disabled') !== 'true',
  );
}

/**
 * A menu of actions or links under a button (MUI's Menu): a Popover holding a role=menu list. On open, focus goes to
 * the selected item, else the first; ArrowDown and ArrowUp go round the items, Home and End to the first and last;
 * Tab and Esc close it, focus going back to the button. Choosing an item does not close it: the item's onClick does.
 */
export function Menu({ open, anchorEl, onClose, placement, className, children, ...listProps }: MenuProps) {
  const listRef = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    const list = listRef.current;
    if (!open || !list) return;
    const items = itemsOf(list);
    (items.find((item) => item.getAttribute('aria-current') === 'true') ?? items[0] ?? list).focus();
  }, [open]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Tab') {
      event.preventDefault();
      onClose('tab');
      return;
    }
    const items = itemsOf(event.currentTarget);
    const index = items.indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, HTMLElement | undefined> = {
      ArrowDown: items[(index + 1) % items.length],
      ArrowUp: items[index <= 0 ? items.length - 1 : index - 1],
      Home: items[0],
      End: items[items.length - 1],
    };
    const next = moves[event.key];
    if (!next) return;
    event.preventDefault();
    next.focus();
  };

  return (
    <Popover
      open={open}
      anchorEl={anchorEl}
      onClose={onClose}
      placement={placement}
      className={cx(styles.paper, className)}
    >
      <div
        ref={listRef}
        role="menu"
        tabIndex={-1}
        className={styles.list}
        onKeyDown={onKeyDown}
        {...listProps}
      >
        {children}
      </div>
    </Popover>
  );
}

export interface MenuItemProps {
  onClick?: MouseEventHandler<HTMLElement>;
  /** The current choice (a language): highlighted, focused when the menu opens, aria-current. */
  selected?: boolean;
  disabled?: boolean;
  /** A page of the app (the router's Link). */
  to?: string;
  /** The router state of the `to` link. */
  state?: unknown;
  /** A page outside the app. */
  href?: string;
  target?: string;
  rel?: string;
  /** Shorter (32 px), body2 text. */
  dense?: boolean;
  id?: string;
  'data-testid'?: string;
  className?: string;
  style?: CSSProperties;
  children?: ReactNode;
}

/** An item of a Menu (MUI's MenuItem): a button, or a link with `to` / `href`; role=menuitem, reached by the arrows. */
export function MenuItem({
  onClick,
  selected,
  disabled,
  to,
  state,
  href,
  target,
  rel,
  dense,
  className,
  children,
  ...rest
}: MenuItemProps) {
  const props = {
    role: 'menuitem',
    tabIndex: -1,
    'aria-current': selected ? ('true' as const) : undefined,
    className: cx(
      styles.item,
      dense && styles.dense,
      selected && styles.selected,
      disabled && styles.disabled,
      className,
    ),
    onClick,
    ...rest,
  };
  if (to !== undefined && !disabled)
    return (
      <Link to={to} state={state} {...props}>
        {children}
      </Link>
    );
  if (href !== undefined && !disabled)
    return (
      <a href={href} target={target} rel={rel} {...props}>
        {children}
      </a>
    );
  return (
    <button type="button" disabled={disabled} aria-disabled={disabled || undefined} {...props}>
      {children}
    </button>
  );
}

/** The icon at the start of a menu item (MUI's ListItemIcon in a MenuItem: 36 px wide, the action colour). */
export function MenuItemIcon({ children, className }: { children?: ReactNode; className?: string }) {
  return <span className={cx(styles.icon, className)}>{children}</span>;
}

export interface MenuItemTextProps {
  /** The item's label (or give it as children). */
  primary?: ReactNode;
  /** A second line, smaller and muted. */
  secondary?: ReactNode;
  className?: string;
  children?: ReactNode;
}

/** The text of a menu item (MUI's ListItemText): its label and an optional second line. */
export function MenuItemText({ primary, secondary, className, children }: MenuItemTextProps) {
  return (
    <span className={cx(styles.text, className)}>
      <span className={styles.primary}>{primary ?? children}</span>
      {secondary ? <span className={styles.secondary}>{secondary}</span> : null}
    </span>
  );
}
