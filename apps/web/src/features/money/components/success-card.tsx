import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';

interface SuccessCardProps {
  title: string;
  text: string;
  /** The figure after the operation, e.g. the stock now. */
  after: string;
  testId: string;
  actions: ReactNode;
}

/**
 * What a money operation did, at the top of its screen. It scrolls itself into view when it appears: the
 * confirmation was given at the bottom of the form, and the result must not happen out of sight.
 */
export function SuccessCard({ title, text, after, testId, actions }: SuccessCardProps) {
  const ref = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    ref.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, []);
  return (
    <Card
      ref={ref}
      variant="outlined"
      role="status"
      sx={{ borderColor: 'success.main', scrollMarginTop: 72 }}
      data-testid={testId}
    >
      <CardContent>
        <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center' }}>
          <CheckCircleOutline color="success" sx={{ fontSize: 48 }} aria-hidden />
          <Typography variant="h6" component="h2">
            {title}
          </Typography>
          <Typography>{text}</Typography>
          <Typography color="text.secondary" data-testid={`${testId}-stock`}>
            {after}
          </Typography>
          <Stack direction="row" sx={{ flexWrap: 'wrap', justifyContent: 'center', gap: 1 }}>
            {actions}
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
