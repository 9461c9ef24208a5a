import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** A spinner with what is going on (signing in…), announced as a status. */
export function BusyStatus({ text, py = 2, testId }: { text: string; py?: number; testId?: string }) {
  return (
    <Stack spacing={1.5} sx={{ alignItems: 'center', py }} role="status" data-testid={testId}>
      <CircularProgress size={32} />
      <Typography color="text.secondary">{text}</Typography>
    </Stack>
  );
}
