import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths';

export function NotFoundRoute() {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 6 }} data-testid="page-not-found">
      <Typography variant="h6" component="h2">
        {t('errors.notFoundTitle')}
      </Typography>
      <Typography color="text.secondary">{t('errors.notFoundText')}</Typography>
      <Button variant="contained" component={Link} to={paths.root.getHref()}>
        {t('common.home')}
      </Button>
    </Stack>
  );
}
