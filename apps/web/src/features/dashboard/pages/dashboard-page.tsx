import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useUser } from '../../../api/get-user';
import { AgentFigures } from '../../../components/agent-figures';
import { DASHBOARDS } from '../../../config/paths';
import type { DashboardName } from '../../../config/paths';
import type { TranslationKey } from '../../../i18n/keys';
import { sessionStore } from '../../../lib/session';

const TITLES: Record<DashboardName, TranslationKey> = {
  ecommerce: 'nav.dashboards.ecommerce',
  'web-analytics': 'nav.dashboards.webAnalytics',
  magazine: 'nav.dashboards.magazine',
  news: 'nav.dashboards.news',
  agency: 'nav.dashboards.agency',
  saas: 'nav.dashboards.saas',
};

function dashboardOf(pathname: string): DashboardName {
  const last = pathname.split('/').pop() ?? '';
  return DASHBOARDS.find((name) => name === last) ?? 'ecommerce';
}

/**
 * The six template dashboards of every layout. They show the signed-in agent's real figures from
 * getUser, never demo numbers (DESIGN section 5).
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const name = dashboardOf(pathname);
  const query = useUser();
  const storedUser = sessionStore.use((s) => s.user);
  const user = query.data ?? storedUser ?? undefined;

  return (
    <Stack spacing={2} data-testid={`page-dashboard-${name}`}>
      <div>
        <Typography variant="h5" component="h1">
          {t(TITLES[name])}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('dashboard.intro')}
        </Typography>
      </div>
      {query.isError && !user ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {t('main.loadFailed')}
        </Alert>
      ) : null}
      <AgentFigures user={user} testIdPrefix="dashboard" />
    </Stack>
  );
}
