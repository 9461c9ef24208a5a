import type { UseQueryResult } from '@tanstack/react-query';
import {
  type FilteredPagesOptions,
  type Pager,
  type ServerSort,
  useFilteredPages,
  useServerSort,
} from './use-filtered-pages';

/** The columns a list's call sorts by (none when it does not sort). */
type SortOf<I> = I extends { sort?: infer S } ? Extract<S, string> : never;

/** What a list's call is asked besides its page and its order: the filter. */
export type ListFilter<I> = Omit<I, 'page' | 'pageSize' | 'sort' | 'order'>;

export interface ListPageOptions<F, I, D> extends FilteredPagesOptions<F> {
  /** The filter bar's values before any change (the queues open on their pending rows). */
  empty: F;
  /** The applied values as the call's filter: what is blank or malformed is left out. */
  filterOf: (form: F) => NoInfer<ListFilter<I>>;
  /** The order before a column is chosen; null or none leaves it to the server. */
  sort?: NoInfer<ServerSort<SortOf<I>>> | null;
  /** The list's read (a `useAdmin*` of `api/`), asked with the filter, the order and the page (1-based). */
  useList: (input: I) => UseQueryResult<D>;
}

/** One page of a console list as the list-page skeleton shows it (components/list-page.tsx). */
export interface ListView<R> {
  /** The filter bar and the pages: `apply` asks with the bar's values, the pager moves. */
  filters: Pager & { apply: () => void };
  rows: R[];
  total: number;
  /** The list came back and has no row. */
  empty: boolean;
}

/**
 * A console list: its filter bar and pages (useFilteredPages), its order on the server (useServerSort), and the read
 * asked with the applied filter, the order and the page. `filter` is what the list shows filtered (what it exports).
 */
export function useListPage<
  F extends { [K in keyof F]: string },
  I,
  D extends { list: unknown[]; total: number },
>({ empty, filterOf, sort: initial = null, useList, ...options }: ListPageOptions<F, I, D>) {
  const filters = useFilteredPages(empty, options);
  const sort = useServerSort<SortOf<I>>(initial, filters);
  const filter = filterOf(filters.applied);
  // The filter, the order and the page make the call's whole input: the types cannot follow the spread of a generic.
  const query = useList({
    ...filter,
    ...sort.current,
    page: filters.page + 1,
    pageSize: filters.pageSize,
  } as I);
  const rows = (query.data?.list ?? []) as D['list'][number][];
  return {
    filters,
    sort,
    filter,
    query,
    rows,
    total: query.data?.total ?? 0,
    empty: query.isSuccess && rows.length === 0,
  };
}
