import type {
  CSSProperties,
  HTMLAttributes,
  ReactNode,
  TableHTMLAttributes,
  TdHTMLAttributes,
  ThHTMLAttributes,
} from 'react';
import { createContext, createElement, useContext } from 'react';
import { cx } from './cx';
import styles from './table.module.css';

interface TableContextValue {
  size: 'small' | 'medium';
  stickyHeader: boolean;
}

const TableContext = createContext<TableContextValue>({ size: 'medium', stickyHeader: false });

/** Whether a cell is in the table's head (th by default, weight 500) or body (td). */
const SectionContext = createContext<'head' | 'body'>('body');

export interface TableContainerProps extends HTMLAttributes<HTMLDivElement> {
  className?: string;
  style?: CSSProperties;
  children?: ReactNode;
}

/** The box around a table, scrolling sideways when the table is wider than the screen (MUI's TableContainer). */
export function TableContainer({ className, ...rest }: TableContainerProps) {
  return <div className={cx(styles.container, className)} {...rest} />;
}

export interface TableProps extends TableHTMLAttributes<HTMLTableElement> {
  /** small: rows 6 px above and below their text instead of 16. */
  size?: 'small' | 'medium';
  /** The head stays at the top of its <TableContainer> (given a max-height) while the rows scroll. */
  stickyHeader?: boolean;
  className?: string;
  style?: CSSProperties;
  children?: ReactNode;
}

/** A table (MUI's Table): body2 text, a line under every row. */
export function Table({ size = 'medium', stickyHeader = false, className, children, ...rest }: TableProps) {
  return (
    <table className={cx(styles.table, stickyHeader && styles.stickyHeader, className)} {...rest}>
      <TableContext.Provider value={{ size, stickyHeader }}>{children}</TableContext.Provider>
    </table>
  );
}

export interface TableSectionProps extends HTMLAttributes<HTMLTableSectionElement> {
  className?: string;
  style?: CSSProperties;
  children?: ReactNode;
}

/** The head of a <Table>: its cells are th (scope=col) in weight 500. */
export function TableHead({ children, ...rest }: TableSectionProps) {
  return (
    <thead {...rest}>
      <SectionContext.Provider value="head">{children}</SectionContext.Provider>
    </thead>
  );
}

/** The body of a <Table>. */
export function TableBody({ children, ...rest }: TableSectionProps) {
  return (
    <tbody {...rest}>
      <SectionContext.Provider value="body">{children}</SectionContext.Provider>
    </tbody>
  );
}

export interface TableRowProps extends HTMLAttributes<HTMLTableRowElement> {
  /** Tinted under the pointer; rows with an onClick are. */
  hover?: boolean;
  /** The chosen row, tinted in the primary colour. */
  selected?: boolean;
  className?: string;
  style?: CSSProperties;
  children?: ReactNode;
}

/** A row of a <Table> (MUI's TableRow). */
export function TableRow({ hover, selected, className, ...rest }: TableRowProps) {
  return (
    <tr
      className={cx(
        styles.row,
        (hover || rest.onClick !== undefined) && styles.hover,
        rest.onClick !== undefined && styles.clickable,
        selected && styles.selected,
        className,
      )}
      {...rest}
    />
  );
}

export interface TableCellProps extends Omit<
  TdHTMLAttributes<HTMLTableCellElement> & ThHTMLAttributes<HTMLTableCellElement>,
  'align'
> {
  /** Text alignment, in the reading direction (numbers at the end). */
  align?: 'start' | 'center' | 'end';
  /** th or td; by default th in the head and td in the body. */
  component?: 'th' | 'td';
  /** normal: 16 px around (6px 16px small); checkbox: a 48 px column for a checkbox; none: no padding. */
  padding?: 'normal' | 'checkbox' | 'none';
  className?: string;
  style?: CSSProperties;
  children?: ReactNode;
}

/** A cell of a <Table> (MUI's TableCell). */
export function TableCell({
  align,
  component,
  padding = 'normal',
  scope,
  className,
  ...rest
}: TableCellProps) {
  const table = useContext(TableContext);
  const section = useContext(SectionContext);
  const element = component ?? (section === 'head' ? 'th' : 'td');
  return createElement(element, {
    scope: scope ?? (element === 'th' && section === 'head' ? 'col' : undefined),
    className: cx(
      styles.cell,
      section === 'head' && styles.head,
      section === 'head' && table.stickyHeader && styles.sticky,
      padding === 'normal' ? table.size === 'small' && styles.small : styles[`padding_${padding}`],
      align && styles[align],
      className,
    ),
    ...rest,
  });
}
