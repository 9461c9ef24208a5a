import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** Cards of charts: one column on a phone, two from a large screen. */
export function ChartGrid({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
        gap: 2,
      }}
    >
      {children}
    </Box>
  );
}
