import { useTranslation } from '../../../i18n/use-translation';
import { useAgentUser } from '../../../api/get-user';
import { AgentFigures, AgentLoadError } from '../../../components/agent-figures';
import { Stack } from '../../../ui/stack';
import { Text } from '../../../ui/text';
import { AgentLinks } from '../components/agent-links';
import { RecentEntries } from '../components/recent-entries';

/** /agent/Main: the agent's own figures from getUser, the way to every agent screen, and the latest movements. */
export function AgentMainPage() {
  const { t } = useTranslation();
  const { user } = useAgentUser();

  return (
    <Stack spacing={3} data-testid="page-agent-main">
      <Text variant="h5" component="h1">
        {user ? t('main.greeting', { name: user.nickname }) : t('nav.agentMain')}
      </Text>
      <AgentLoadError />
      <section aria-label={t('main.figuresTitle')}>
        <AgentFigures user={user} testIdPrefix="main" />
      </section>
      <Stack spacing={1.5} component="section">
        <Text variant="h6" component="h2">
          {t('main.linksTitle')}
        </Text>
        <AgentLinks />
      </Stack>
      <RecentEntries />
    </Stack>
  );
}
