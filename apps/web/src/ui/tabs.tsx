import type { CSSProperties, ReactNode } from 'react';
import { Children, createContext, isValidElement, useContext, useEffect, useRef } from 'react';
import { cx } from './cx';
import { moveFocusByKey } from './roving-focus';
import styles from './tabs.module.css';

interface TabsContextValue {
  value: string;
  /** The tab that takes the focus from the Tab key: the selected one, or the first when none is. */
  focusable: string | undefined;
  onChange: (value: string) => void;
}

const TabsContext = createContext<TabsContextValue>({
  value: '',
  focusable: undefined,
  onChange: () => undefined,
});

export interface TabsProps<T extends string> {
  value: T;
  onChange: (value: T) => void;
  /**
   * standard: tabs as wide as their labels; fullWidth: the row shared equally; scrollable: a row wider than the
   * screen scrolls sideways (no scrollbar drawn), the selected tab kept in view.
   */
  variant?: 'standard' | 'scrollable' | 'fullWidth';
  'aria-label'?: string;
  'aria-labelledby'?: string;
  children: ReactNode;
  className?: string;
  style?: CSSProperties;
  id?: string;
  'data-testid'?: string;
}

/**
 * A row of tabs (MUI's Tabs): role=tablist, the selected tab underlined in the primary colour. One tab is in the
 * Tab order (roving tabindex); the arrow keys move the focus among the tabs (swapped right to left), Home and End to
 * the ends, and Enter or Space selects the focused one.
 */
export function Tabs<T extends string>({
  value,
  onChange,
  variant = 'standard',
  children,
  className,
  ...rest
}: TabsProps<T>) {
  const listRef = useRef<HTMLDivElement>(null);
  const values = Children.toArray(children)
    .filter(isValidElement<TabProps>)
    .map((child) => child.props.value);
  const context: TabsContextValue = {
    value,
    focusable: values.includes(value) ? value : values[0],
    onChange: onChange as (value: string) => void,
  };

  useEffect(() => {
    const list = listRef.current;
    const selected = list?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (variant === 'scrollable' && list && selected) scrollIntoRow(list, selected);
  }, [value, variant]);

  return (
    <div
      ref={listRef}
      role="tablist"
      className={cx(styles.tabs, styles[variant], className)}
      onKeyDown={(event) => moveFocusByKey(event, '[role="tab"]')}
      {...rest}
    >
      <TabsContext.Provider value={context}>{children}</TabsContext.Provider>
    </div>
  );
}

/** Scrolls the row sideways only (never the page) so the tab is fully in view. */
function scrollIntoRow(row: HTMLElement, tab: HTMLElement) {
  const box = row.getBoundingClientRect();
  const item = tab.getBoundingClientRect();
  if (item.left < box.left) row.scrollLeft -= box.left - item.left;
  else if (item.right > box.right) row.scrollLeft += item.right - box.right;
}

export interface TabProps {
  value: string;
  label: ReactNode;
  icon?: ReactNode;
  /** Where the icon sits: above the label (MUI's default) or before it. */
  iconPosition?: 'top' | 'start';
  disabled?: boolean;
  id?: string;
  /** The id of the tab's panel (a <TabPanel>). */
  'aria-controls'?: string;
  className?: string;
  style?: CSSProperties;
  'data-testid'?: string;
}

/** One tab of a <Tabs> row (MUI's Tab): role=tab, aria-selected; selecting it calls the row's onChange. */
export function Tab({ value, label, icon, iconPosition = 'top', disabled, className, ...rest }: TabProps) {
  const tabs = useContext(TabsContext);
  const selected = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      aria-selected={selected}
      tabIndex={tabs.focusable === value ? 0 : -1}
      disabled={disabled}
      className={cx(
        styles.tab,
        selected && styles.selected,
        icon !== undefined && label !== undefined && styles[`icon_${iconPosition}`],
        className,
      )}
      onClick={() => {
        if (!selected) tabs.onChange(value);
      }}
      {...rest}
    >
      {icon !== undefined && <span className={styles.icon}>{icon}</span>}
      {label}
    </button>
  );
}

export interface TabPanelProps {
  /** Its id, named by the tab's aria-controls. */
  id?: string;
  /** The id of its tab. */
  'aria-labelledby'?: string;
  /** Kept in the page but not shown (a panel whose tab is not selected). */
  hidden?: boolean;
  children?: ReactNode;
  className?: string;
  style?: CSSProperties;
  'data-testid'?: string;
}

/** The content of a tab (role=tabpanel), focusable as WAI-ARIA's tabs pattern asks. */
export function TabPanel({ children, ...rest }: TabPanelProps) {
  return (
    <div role="tabpanel" tabIndex={0} {...rest}>
      {children}
    </div>
  );
}
