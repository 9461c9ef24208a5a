import type { CSSProperties } from 'react';
import { cx } from './cx';
import { NavigateBeforeIcon } from './icons/NavigateBeforeIcon';
import { NavigateNextIcon } from './icons/NavigateNextIcon';
import styles from './pagination.module.css';

/** One place in the row of pages: a page number, or an ellipsis for the pages left out. */
export type PageItem = number | 'start-ellipsis' | 'end-ellipsis';

/** The pages from `from` to `to`, both included. */
function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from + 1) }, (_, index) => from + index);
}

/**
 * The row of pages MUI's usePagination shows (boundaryCount 1, siblingCount 1): the first and last page, the current
 * one with one on each side, and an ellipsis for a gap of two pages or more; seven places at most.
 */
export function pageItems(count: number, page: number): PageItem[] {
  const boundary = 1;
  const siblings = 1;
  const startPages = range(1, Math.min(boundary, count));
  const endPages = range(Math.max(count - boundary + 1, boundary + 1), count);
  const siblingsStart = Math.max(
    Math.min(page - siblings, count - boundary - siblings * 2 - 1),
    boundary + 2,
  );
  const siblingsEnd = Math.min(
    Math.max(page + siblings, boundary + siblings * 2 + 2),
    (endPages[0] ?? count + 1) - 2,
  );
  const before: PageItem[] =
    siblingsStart > boundary + 2 ? ['start-ellipsis'] : boundary + 1 < count - boundary ? [boundary + 1] : [];
  const after: PageItem[] =
    siblingsEnd < count - boundary - 1
      ? ['end-ellipsis']
      : count - boundary > boundary
        ? [count - boundary]
        : [];
  return [...startPages, ...before, ...range(siblingsStart, siblingsEnd), ...after, ...endPages];
}

/** The accessible name of a page button, or of the previous and next buttons (MUI's getItemAriaLabel). */
export type PageLabel = (type: 'page' | 'previous' | 'next', page: number, selected: boolean) => string;

const englishLabel: PageLabel = (type, page, selected) => {
  if (type === 'previous') return 'Go to previous page';
  if (type === 'next') return 'Go to next page';
  return selected ? `page ${page}` : `Go to page ${page}`;
};

export interface PaginationProps {
  /** The number of pages. */
  count: number;
  /** The current page, from 1. */
  page: number;
  onChange: (page: number) => void;
  size?: 'small' | 'medium' | 'large';
  disabled?: boolean;
  /** The navigation's name; "pagination navigation" by default. */
  'aria-label'?: string;
  /** The buttons' names (in the reader's language); English by default. */
  getItemAriaLabel?: PageLabel;
  className?: string;
  style?: CSSProperties;
  id?: string;
  'data-testid'?: string;
}

/**
 * Page buttons with previous and next (MUI's Pagination, its text variant): a nav of round 32 px buttons, the current
 * page tinted and aria-current="page".
 */
export function Pagination({
  count,
  page,
  onChange,
  size = 'medium',
  disabled,
  'aria-label': ariaLabel = 'pagination navigation',
  getItemAriaLabel = englishLabel,
  className,
  ...rest
}: PaginationProps) {
  const item = cx(styles.item, styles[size]);
  const go = (type: 'previous' | 'next', target: number) => (
    <li>
      <button
        type="button"
        className={item}
        disabled={disabled || target < 1 || target > count}
        aria-label={getItemAriaLabel(type, target, false)}
        onClick={() => onChange(target)}
      >
        {type === 'previous' ? (
          <NavigateBeforeIcon flipInRtl className={styles.icon} />
        ) : (
          <NavigateNextIcon flipInRtl className={styles.icon} />
        )}
      </button>
    </li>
  );
  return (
    <nav aria-label={ariaLabel} className={className} {...rest}>
      <ul className={styles.list}>
        {go('previous', page - 1)}
        {pageItems(count, page).map((entry) =>
          typeof entry === 'number' ? (
            <li key={entry}>
              <button
                type="button"
                className={cx(item, entry === page && styles.selected)}
                disabled={disabled}
                aria-current={entry === page ? 'page' : undefined}
                aria-label={getItemAriaLabel('page', entry, entry === page)}
                onClick={() => {
                  if (entry !== page) onChange(entry);
                }}
              >
                {entry}
              </button>
            </li>
          ) : (
            <li key={entry}>
              <span className={cx(item, styles.ellipsis)}>…</span>
            </li>
          ),
        )}
        {go('next', page + 1)}
      </ul>
    </nav>
  );
}
