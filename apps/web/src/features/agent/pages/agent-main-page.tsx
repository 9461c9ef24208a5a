import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useUser } from '../../../api/get-user';
import { AgentFigures } from '../../../components/agent-figures';
import { sessionStore } from '../../../lib/session';
import { AgentLinks } from '../components/agent-links';

/** /agent/Main: the agent's own figures from getUser and the way to every agent screen. */
export function AgentMainPage() {
  const { t } = useTranslation();
  const query = useUser();
  const storedUser = sessionStore.use((s) => s.user);
  const user = query.data ?? storedUser ?? undefined;

  return (
    <Stack spacing={3} data-testid="page-agent-main">
      <Typography variant="h5" component="h1">
        {user ? t('main.greeting', { name: user.nickname }) : t('nav.agentMain')}
      </Typography>
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
      <section aria-label={t('main.figuresTitle')}>
        <AgentFigures user={user} testIdPrefix="main" />
      </section>
      <Stack spacing={1.5} component="section">
        <Typography variant="h6" component="h2">
          {t('main.linksTitle')}
        </Typography>
        <AgentLinks />
      </Stack>
    </Stack>
  );
}
