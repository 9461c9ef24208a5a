import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { type FilterCheck, filterErrors } from './filter-checks';

/** A list's page on the server: which one and how long, and how to move. */
export interface Pager {
  page: number;
  pageSize: number;
  setPage: (page: number) => void;
  setPageSize: (pageSize: number) => void;
}

export interface FilteredPages<F> extends Pager {
  /** What the filter bar holds now. */
  form: F;
  /** What the list was last asked with (the bar's values when applied). */
  applied: F;
  /** A filter field's value, change handler and error (when its check failed at the last apply), to spread on it. */
  field: <K extends keyof F>(
    name: K,
  ) => {
    value: F[K];
    onChange: (event: { target: { value: string } }) => void;
    error: boolean;
    helperText: string | undefined;
  };
  /** Asks the list with the bar's values, from the first page; a field that breaks its check stops it. */
  apply: () => void;
}

export interface FilteredPagesOptions<F> {
  /** Runs on each apply and each move between pages (the withdrawal queue drops its selection then). */
  onMove?: () => void;
  /** What each field must hold when not blank (filter-checks.ts). */
  checks?: { [K in keyof F]?: FilterCheck };
}

/**
 * A console list's filters and pages: the bar's values apart from the applied ones, the page (0-based, as MUI's
 * TablePagination counts) and its size; applying or a new size goes back to the first page. A field that breaks its
 * check is shown in error and nothing is applied: the list stays as it was.
 */
export function useFilteredPages<F extends { [K in keyof F]: string }>(
  empty: F,
  options: FilteredPagesOptions<F> = {},
): FilteredPages<F> {
  const { t } = useTranslation();
  const { onMove, checks = {} } = options;
  const [form, setForm] = useState<F>(empty);
  const [applied, setApplied] = useState<F>(empty);
  const [errors, setErrors] = useState<{ [K in keyof F]?: FilterCheck }>({});
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  return {
    form,
    applied,
    page,
    pageSize,
    field: (name) => {
      const error = errors[name];
      return {
        value: form[name],
        onChange: (event) => {
          setForm((current) => ({ ...current, [name]: event.target.value }));
          if (error) setErrors((current) => ({ ...current, [name]: undefined }));
        },
        error: error !== undefined,
        helperText: error ? t(`admin.filters.invalid_${error}`) : undefined,
      };
    },
    apply: () => {
      const found = filterErrors(form, checks);
      setErrors(found);
      if (Object.keys(found).length > 0) return;
      setApplied(form);
      setPage(0);
      onMove?.();
    },
    setPage: (next) => {
      setPage(next);
      onMove?.();
    },
    setPageSize: (size) => {
      setPageSize(size);
      setPage(0);
      onMove?.();
    },
  };
}

/** A list's order on the server: the column and its direction. */
export interface ServerSort<S extends string> {
  sort: S;
  order: 'asc' | 'desc';
}

/**
 * A console list sorted on the server: `sort` and `order` go with the call; `sortBy(column)` sorts by a column,
 * newest/largest first, and a second click on the same column turns it round; the list goes back to its first page.
 * `initial` null leaves the order to the server until a column is chosen.
 */
export function useServerSort<S extends string>(initial: ServerSort<S> | null, pager: Pager) {
  const [current, setCurrent] = useState<ServerSort<S> | null>(initial);
  return {
    current,
    sortBy: (column: S) => {
      setCurrent((now) => ({
        sort: column,
        order: now?.sort === column && now.order === 'desc' ? 'asc' : 'desc',
      }));
      pager.setPage(0);
    },
  };
}
