import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A card of a money screen: its title, then what it holds. */
export function SectionCard({
  title,
  spacing = 2,
  children,
}: {
  title: string;
  spacing?: number;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardContent>
        <Stack spacing={spacing}>
          <Typography variant="subtitle2" component="h2">
            {title}
          </Typography>
          {children}
        </Stack>
      </CardContent>
    </Card>
  );
}
