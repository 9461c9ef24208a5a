import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';

/** A centred spinner while a route's code or data loads. */
export function Spinner({ minHeight = 240 }: { minHeight?: number | string }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight }} role="status" aria-label={t('app.loading')}>
      <CircularProgress size={32} />
    </Box>
  );
}
