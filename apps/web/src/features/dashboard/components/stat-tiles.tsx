import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface Stat {
  key: string;
  label: string;
  value: ReactNode;
  hint?: string;
}

/** The period's figures as tiles: two a row on a phone, four on a desktop. `undefined` stats show placeholders. */
export function StatTiles({ stats, testId }: { stats: readonly Stat[] | undefined; testId: string }) {
  const shown: readonly (Stat | null)[] = stats ?? [null, null, null, null];
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
        gap: 2,
      }}
      data-testid={testId}
    >
      {shown.map((stat, index) => (
        <Card key={stat?.key ?? index}>
          <CardContent sx={{ p: 2, '&:last-child': { pb: 2 } }}>
            <Typography variant="body2" color="text.secondary" noWrap>
              {stat ? stat.label : <Skeleton width="60%" />}
            </Typography>
            <Typography
              variant="h6"
              component="p"
              noWrap
              sx={{ fontVariantNumeric: 'tabular-nums' }}
              data-testid={stat ? `${testId}-${stat.key}` : undefined}
            >
              {stat ? stat.value : <Skeleton width="70%" />}
            </Typography>
            {stat?.hint ? (
              <Typography variant="caption" color="text.secondary">
                {stat.hint}
              </Typography>
            ) : null}
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}
