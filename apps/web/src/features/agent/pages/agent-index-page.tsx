import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { request } from '../../../api/client';
import { paths } from '../../../config/paths';
import { sessionStore, useIsAuthenticated } from '../../../lib/session';

/** The platform's front-page article (`portal/articles/read`, slug platform-index). */
const platformArticleQueryOptions = {
  queryKey: ['article', 'platform-index'],
  queryFn: () => request('readArticle', { slug: 'platform-index' }),
  staleTime: 10 * 60_000,
} as const;

/** Plain text with blank lines between paragraphs, rendered as text nodes only: no markup from content runs. */
function PlatformArticle() {
  const { t } = useTranslation();
  const query = useQuery(platformArticleQueryOptions);
  if (query.isPending) {
    return (
      <Stack spacing={1} role="status" aria-label={t('app.loading')}>
        <Skeleton variant="text" />
        <Skeleton variant="text" />
        <Skeleton variant="text" width="60%" />
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </Button>
        }
      >
        {t('identity.article.loadFailed')}
      </Alert>
    );
  }
  const paragraphs = query.data.content
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
  return (
    <Stack component="article" spacing={1.5} data-testid="article-platform-index">
      <Typography variant="h6" component="h2">
        {query.data.title}
      </Typography>
      {paragraphs.map((text, index) => (
        <Typography key={index} sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere', lineHeight: 1.75 }}>
          {text}
        </Typography>
      ))}
    </Stack>
  );
}

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
          <PlatformArticle />
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
