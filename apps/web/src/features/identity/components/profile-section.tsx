import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** One card of the profile: a title (with something beside it) and what it holds. */
export function ProfileSection({
  title,
  aside,
  testId,
  children,
}: {
  title: string;
  aside?: ReactNode;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Card component="section" aria-label={title} data-testid={testId}>
      <CardContent>
        <Stack spacing={1.5}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
              {title}
            </Typography>
            {aside}
          </Stack>
          {children}
        </Stack>
      </CardContent>
    </Card>
  );
}
