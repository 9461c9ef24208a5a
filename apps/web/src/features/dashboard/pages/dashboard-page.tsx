import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useAgentUser } from '../../../api/get-user';
import { AgentFigures, AgentLoadError } from '../../../components/agent-figures';
import { DASHBOARD_TITLES } from '../../../config/dashboards';
import { DASHBOARDS } from '../../../config/paths';
import type { DashboardName } from '../../../config/paths';

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
  const { user } = useAgentUser();

  return (
    <Stack spacing={2} data-testid={`page-dashboard-${name}`}>
      <div>
        <Typography variant="h5" component="h1">
          {t(DASHBOARD_TITLES[name])}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('dashboard.intro')}
        </Typography>
      </div>
      <AgentLoadError />
      <AgentFigures user={user} testIdPrefix="dashboard" />
    </Stack>
  );
}
