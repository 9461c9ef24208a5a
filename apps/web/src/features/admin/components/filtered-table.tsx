import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import type { TextFieldProps } from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import type { Pager, ServerSort } from '../lib/use-filtered-pages';
import { EmptyRow } from './empty-row';

interface FilterBarProps {
  onApply: () => void;
  testId?: string;
  applyTestId?: string;
  children: ReactNode;
}

/** The narrowest a filter field gets on a wide screen before the bar wraps to another row. */
const FIELD_MIN_WIDTH = 160;

/** A console list's filters: a form of small fields in a grid, applied by its last button. */
export function FilterBar({ onApply, testId, applyTestId, children }: FilterBarProps) {
  const { t } = useTranslation();
  return (
    <Paper
      component="form"
      sx={{
        p: 2,
        display: 'grid',
        gap: 1.5,
        // As many fields a row as fit at a readable width (a wide bar of seven fields squeezed two to 45 px).
        gridTemplateColumns: { xs: '1fr 1fr', md: `repeat(auto-fill, minmax(${FIELD_MIN_WIDTH}px, 1fr))` },
      }}
      onSubmit={(event) => {
        event.preventDefault();
        onApply();
      }}
      data-testid={testId}
    >
      {children}
      <Button type="submit" variant="contained" data-testid={applyTestId}>
        {t('admin.filters.apply')}
      </Button>
    </Paper>
  );
}

/** One field of a filter bar; `date` for a day (its label stays above the browser's date input). */
export function FilterField({ date, ...props }: TextFieldProps & { date?: boolean }) {
  return date ? (
    <TextField size="small" type="date" slotProps={{ inputLabel: { shrink: true } }} {...props} />
  ) : (
    <TextField size="small" {...props} />
  );
}

interface ChoiceFilterProps<V extends string | number> extends Omit<TextFieldProps, 'select' | 'children'> {
  /** The values to choose from, after the blank one. */
  choices: readonly V[];
  /** A value's name in the operator's language. */
  labelOf: (choice: V) => ReactNode;
  /** The blank choice's name: "all" unless told. */
  allLabel?: string;
  testIdOf?: (choice: V) => string;
}

/** A filter bar's choice: blank (every row), then each value by its name. */
export function ChoiceFilter<V extends string | number>(props: ChoiceFilterProps<V>) {
  const { t } = useTranslation();
  const { choices, labelOf, allLabel, testIdOf, ...field } = props;
  return (
    <FilterField select {...field}>
      <MenuItem value="">{allLabel ?? t('admin.filters.all')}</MenuItem>
      {choices.map((choice) => (
        <MenuItem key={choice} value={String(choice)} data-testid={testIdOf?.(choice)}>
          {labelOf(choice)}
        </MenuItem>
      ))}
    </FilterField>
  );
}

export interface PagedTableProps {
  minWidth: number;
  testId: string;
  /** The header row's cells. */
  head: ReactNode;
  /** How many columns (the empty row spans them). */
  columns: number;
  /** The list came back and has no row. */
  empty: boolean;
  emptyTestId?: string;
  total: number;
  pager: Pager;
  pageSizes: number[];
  children: ReactNode;
}

/** A console list's table, paged on the server: the header, the rows, the empty row, the pagination. */
export function PagedTable(props: PagedTableProps) {
  const { t } = useTranslation();
  const { pager } = props;
  return (
    <Paper>
      <TableContainer>
        <Table size="small" sx={{ minWidth: props.minWidth }} data-testid={props.testId}>
          <TableHead>
            <TableRow>{props.head}</TableRow>
          </TableHead>
          <TableBody>
            {props.children}
            <EmptyRow show={props.empty} columns={props.columns} testId={props.emptyTestId} />
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={props.total}
        page={pager.page}
        rowsPerPage={pager.pageSize}
        rowsPerPageOptions={props.pageSizes}
        onPageChange={(_, next) => pager.setPage(next)}
        onRowsPerPageChange={(event) => pager.setPageSize(Number(event.target.value))}
        labelRowsPerPage={t('admin.rowsPerPage')}
        labelDisplayedRows={({ from, to, count }) => `${from}–${to} / ${count}`}
      />
    </Paper>
  );
}

interface SortHeadCellProps<S extends string> {
  column: S;
  sort: { current: ServerSort<S> | null; sortBy: (column: S) => void };
  align?: 'right';
  children: ReactNode;
}

/** A header cell that sorts its list on the server (useServerSort); the arrow shows the order in force. */
export function SortHeadCell<S extends string>({ column, sort, align, children }: SortHeadCellProps<S>) {
  const active = sort.current?.sort === column;
  const direction = active ? (sort.current?.order ?? 'desc') : 'desc';
  return (
    // One line: the arrow beside a short header must not wrap it.
    <TableCell align={align} sortDirection={active ? direction : false} sx={{ whiteSpace: 'nowrap' }}>
      <TableSortLabel
        active={active}
        direction={direction}
        onClick={() => sort.sortBy(column)}
        data-testid={`sort-${column}`}
      >
        {children}
      </TableSortLabel>
    </TableCell>
  );
}
