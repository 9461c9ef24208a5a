import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { paths } from '../config/paths';
import { ChunkTimeoutError } from './lazy-page';

/** Shown when a route fails: not found, a page's code that would not load (120 s), or a render error. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const chunk =
    error instanceof ChunkTimeoutError ||
    (error instanceof Error &&
      /dynamically imported module|Importing a module script failed|chunk/i.test(error.message));
  const title = notFound
    ? t('errors.notFoundTitle')
    : chunk
      ? t('errors.chunkTitle')
      : t('errors.unexpectedTitle');
  const text = notFound
    ? t('errors.notFoundText')
    : chunk
      ? t('errors.chunkText')
      : t('errors.unexpectedText');
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 3 }} data-testid="page-error">
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', maxWidth: 420 }}>
        <ErrorOutline color="error" sx={{ fontSize: 56 }} />
        <Typography variant="h6" component="h1">
          {title}
        </Typography>
        <Typography color="text.secondary">{text}</Typography>
        <Stack direction="row" spacing={1}>
          {chunk ? (
            <Button variant="contained" onClick={() => window.location.reload()}>
              {t('common.retry')}
            </Button>
          ) : null}
          <Button variant={chunk ? 'outlined' : 'contained'} component={Link} to={paths.root.getHref()}>
            {t('common.home')}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
