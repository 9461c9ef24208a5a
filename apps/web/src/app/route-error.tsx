import { useTranslation } from '../i18n/use-translation';
import { NotFoundError, useRouteError } from '../router';
import { paths } from '../config/paths';
import { Button } from '../ui/button';
import { ErrorOutlineOutlinedIcon } from '../ui/icons/ErrorOutlineOutlinedIcon';
import { Stack } from '../ui/stack';
import { Text } from '../ui/text';
import { ChunkTimeoutError } from './lazy-page';
import styles from './route-error.module.css';

/** Shown when a route fails: not found, a page's code that would not load (120 s), or a render error. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const notFound = error instanceof NotFoundError;
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
    <div className={styles.page} data-testid="page-error">
      <Stack spacing={2} alignItems="center" className={styles.content}>
        <span className={styles.icon}>
          <ErrorOutlineOutlinedIcon color="error" fontSize="inherit" />
        </span>
        <Text variant="h6" component="h1">
          {title}
        </Text>
        <Text color="textSecondary">{text}</Text>
        <Stack direction="row" spacing={1}>
          {chunk ? (
            <Button variant="contained" onClick={() => window.location.reload()}>
              {t('common.retry')}
            </Button>
          ) : null}
          <Button variant={chunk ? 'outlined' : 'contained'} to={paths.root.getHref()}>
            {t('common.home')}
          </Button>
        </Stack>
      </Stack>
    </div>
  );
}
