import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';

export interface Column<R> {
  key: string;
  label: string;
  /** Figures line up at the end of the cell. */
  numeric?: boolean;
  value: (row: R) => ReactNode;
}

/**
 * A small table of a dashboard: the readable form of a chart, and the lists. Wider than a phone, it scrolls sideways
 * inside its card; a year of days scrolls down under a header that stays.
 */
export function DataTable<R>({
  columns,
  rows,
  rowKey,
  testId,
  caption,
}: {
  columns: readonly Column<R>[];
  rows: readonly R[];
  rowKey: (row: R) => string | number;
  testId?: string;
  caption: string;
}) {
  return (
    <TableContainer sx={{ maxHeight: 420, overflowX: 'auto' }}>
      <Table size="small" stickyHeader aria-label={caption} data-testid={testId}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell
                key={column.key}
                align={column.numeric ? 'right' : 'left'}
                sx={{ whiteSpace: 'nowrap' }}
              >
                {column.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={rowKey(row)}>
              {columns.map((column) => (
                <TableCell
                  key={column.key}
                  align={column.numeric ? 'right' : 'left'}
                  sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
                >
                  {column.value(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
