import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** One figure of a console overview (the dashboard's, the game deliveries'): its label, its value, red when it alerts. */
export function FigureCard({
  label,
  value,
  testId,
  alert,
}: {
  label: string;
  value: string;
  testId: string;
  alert?: boolean;
}) {
  return (
    <Paper sx={{ p: 1.5, minWidth: 0 }} data-testid={testId}>
      <Typography variant="body2" color="text.secondary" noWrap title={label}>
        {label}
      </Typography>
      <Typography
        variant="h6"
        component="p"
        color={alert ? 'error' : undefined}
        sx={{ fontWeight: 600, wordBreak: 'break-all' }}
      >
        {value}
      </Typography>
    </Paper>
  );
}

/** The grid of an overview's figures: two a row on a phone, `md` a row from the `md` width up. */
export const cardGrid = (md: number) =>
  ({
    display: 'grid',
    gap: 1.5,
    gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: `repeat(${md}, minmax(0, 1fr))` },
  }) as const;
