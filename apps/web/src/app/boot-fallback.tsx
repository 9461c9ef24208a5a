import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';

/** While the first route's code arrives: a thin bar at the top, nothing to read. */
export function BootFallback() {
  return (
    <Box sx={{ position: 'fixed', top: 0, left: 0, right: 0 }}>
      <LinearProgress />
    </Box>
  );
}
