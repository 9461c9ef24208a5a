import { useTranslation } from '../../i18n/use-translation';
import { paths } from '../../config/paths';
import { Button } from '../../ui/button';
import { Stack } from '../../ui/stack';
import { Text } from '../../ui/text';
import styles from './not-found-route.module.css';

/** A path no route knows, inside a layout: what happened and the way home. */
export function NotFoundRoute() {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} alignItems="center" className={styles.page} data-testid="page-not-found">
      <Text variant="h6" component="h2">
        {t('errors.notFoundTitle')}
      </Text>
      <Text color="textSecondary">{t('errors.notFoundText')}</Text>
      <Button variant="contained" to={paths.root.getHref()}>
        {t('common.home')}
      </Button>
    </Stack>
  );
}
