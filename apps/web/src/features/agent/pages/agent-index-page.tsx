import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { sessionStore, useIsAuthenticated } from '../../../lib/session';

/** /agent/index, the promoter platform's front door ('/' lands here). */
export function AgentIndexPage() {
  const { t } = useTranslation();
  const signedIn = useIsAuthenticated();
  const player = sessionStore.use((s) => s.player);
  return (
    <Card data-testid="page-agent-index">
      <CardContent>
        <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 2 }}>
          <Box component="img" src="./favicon.svg" alt="" sx={{ width: 64, height: 64 }} />
          <Typography variant="h5" component="h2">
            {t('app.brand')}
          </Typography>
          <Typography color="text.secondary">{t('agentIndex.text')}</Typography>
          {signedIn && player ? (
            <Button variant="contained" size="large" component={Link} to={paths.agent.bindAgent.getHref()}>
              {t('nav.bindAgent')}
            </Button>
          ) : signedIn ? (
            <Button variant="contained" size="large" component={Link} to={paths.agent.main.getHref()}>
              {t('agentIndex.enter')}
            </Button>
          ) : (
            <Typography variant="body2">{t('login.openFromGame')}</Typography>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
