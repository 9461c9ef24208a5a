import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ArticleView } from '../../../components/article-view';
import { BrandHeading } from '../../../components/brand-heading';
import { paths } from '../../../config/paths';
import { sessionStore, useIsAuthenticated } from '../../../lib/session';

/** /agent/index, the promoter platform's front door ('/' lands here): the way in, and the platform's article. */
export function AgentIndexPage() {
  const { t } = useTranslation();
  const signedIn = useIsAuthenticated();
  const player = sessionStore.use((s) => s.player);
  return (
    <Stack spacing={2} data-testid="page-agent-index">
      <Card>
        <CardContent>
          <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 2 }}>
            <BrandHeading logoSize={64} />
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
              <Stack spacing={1} sx={{ width: '100%', maxWidth: 320 }}>
                <Typography variant="body2">{t('login.openFromGame')}</Typography>
                <Button
                  variant="contained"
                  size="large"
                  component={Link}
                  to={paths.session.login.getHref()}
                  data-testid="agent-index-login"
                >
                  {t('identity.common.toLogin')}
                </Button>
              </Stack>
            )}
          </Stack>
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <ArticleView slug="platform-index" />
        </CardContent>
      </Card>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'center', flexWrap: 'wrap' }}>
        <Button component={Link} to={paths.agent.agentInfo.getHref()} size="small">
          {t('nav.agentInfo')}
        </Button>
        <Button component={Link} to={paths.agent.agentDesc.getHref()} size="small">
          {t('nav.agentDesc')}
        </Button>
        <Button component={Link} to={paths.agent.help.getHref()} size="small">
          {t('nav.help')}
        </Button>
      </Stack>
    </Stack>
  );
}
