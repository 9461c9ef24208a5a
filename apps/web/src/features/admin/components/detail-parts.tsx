import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** One labelled line of a detail drawer. */
export function DetailField({
  label,
  children,
  testId,
}: {
  label: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: '120px 1fr', gap: 1, py: 0.5 }}>
      <Typography color="text.secondary" variant="body2">
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ wordBreak: 'break-all' }} data-testid={testId}>
        {children}
      </Typography>
    </Box>
  );
}

/** A titled small table of a detail drawer, scrolled sideways when it is wider than the drawer. */
export function DetailTable({
  title,
  children,
  testId,
}: {
  title: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <>
      <Typography variant="subtitle1" sx={{ mt: 2 }}>
        {title}
      </Typography>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" data-testid={testId}>
          {children}
        </Table>
      </Box>
    </>
  );
}
