import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { useLocation, useMatches } from 'react-router';
import { paths } from '../../config/paths';
import { AgentsOnlyNotice } from '../../features/agent/components/agents-only-notice';
import { MobileAppBar } from '../../shell/mobile-app-bar';
import { titleKeyOf } from '../route-handle';

/**
 * An agent page opened by a signed-in player who is no agent: in place of the page's layout (whose header and
 * figures read the agent), a phone page titled as the page was, that says what to do.
 */
export function AgentsOnlyRoute() {
  const { t } = useTranslation();
  const matches = useMatches();
  const titleKey = titleKeyOf(matches, new URLSearchParams(useLocation().search));
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }} data-testid="page-agents-only">
      <MobileAppBar title={t(titleKey)} fallbackHref={paths.agent.index.getHref()} />
      <Box component="main" sx={{ maxWidth: 640, mx: 'auto', p: 2 }}>
        <AgentsOnlyNotice />
      </Box>
    </Box>
  );
}
