import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Fade from '@mui/material/Fade';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LAYOUT_LOADER_MS } from '../config/constants';

/** Whether the layout's start-up animation (about 2 s, SPEC section 9) is still playing. */
export function useLayoutLoading(): boolean {
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setLoading(false), LAYOUT_LOADER_MS);
    return () => clearTimeout(timer);
  }, []);
  return loading;
}

/**
 * The loading animation over the content area when a layout starts. It covers the page content only, so
 * the header (and its figures) is usable at once.
 */
export function LayoutLoader({ loading }: { loading: boolean }) {
  const { t } = useTranslation();
  return (
    // Shown at once (no entering transition: it would force the whole page's layout while React commits it).
    <Fade in={loading} appear={false} unmountOnExit timeout={{ enter: 0, exit: 300 }}>
      <Box
        role="status"
        aria-label={t('app.loading')}
        data-testid="layout-loader"
        sx={{
          position: 'absolute',
          inset: 0,
          zIndex: 2,
          bgcolor: 'background.default',
          display: 'flex',
          justifyContent: 'center',
          pt: 12,
        }}
      >
        <CircularProgress />
      </Box>
    </Fade>
  );
}
