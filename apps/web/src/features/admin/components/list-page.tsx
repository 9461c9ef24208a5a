import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { ListView } from '../lib/use-list-page';
import { FilterBar, PagedTable, type PagedTableProps } from './filtered-table';

/** A console page's title, and what acts on its whole list (the export) at the end of the row. */
export function PageHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

interface ListPageProps<R> {
  /** The page's (or panel's) test id. */
  testId: string;
  /** Above the filters: the page's PageHeading, or a panel's own line. */
  heading: ReactNode;
  /** The list (useListPage). */
  view: ListView<R>;
  /** The filter bar's fields. */
  filters: ReactNode;
  filterBar?: { testId?: string; applyTestId?: string };
  /** The table's size, test ids and page sizes. */
  table: Pick<PagedTableProps, 'minWidth' | 'testId' | 'columns' | 'emptyTestId' | 'pageSizes'>;
  /** The header row's cells. */
  head: ReactNode;
  /** One row of the table (with its key). */
  row: (row: R) => ReactNode;
  /** Between the filters and the table (a batch's answer and its bar). */
  aboveTable?: ReactNode;
  /** After the table (a drawer, the dialogs). */
  children?: ReactNode;
}

/**
 * The skeleton of every console list: a heading, the filter bar, the table paged on the server with its empty row.
 * What the list shows, how it is filtered and sorted, is the page's (useListPage).
 */
export function ListPage<R>({ view, ...props }: ListPageProps<R>) {
  return (
    <Stack spacing={2} data-testid={props.testId}>
      {props.heading}
      <FilterBar
        onApply={view.filters.apply}
        testId={props.filterBar?.testId}
        applyTestId={props.filterBar?.applyTestId}
      >
        {props.filters}
      </FilterBar>
      {props.aboveTable}
      <PagedTable
        {...props.table}
        head={props.head}
        empty={view.empty}
        total={view.total}
        pager={view.filters}
      >
        {view.rows.map(props.row)}
      </PagedTable>
      {props.children}
    </Stack>
  );
}
