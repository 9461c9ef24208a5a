import { useTranslation } from '../../../i18n/use-translation';
import { ArticleView } from '../../../components/article-view';
import { BrandHeading } from '../../../components/brand-heading';
import { paths } from '../../../config/paths';
import { sessionStore, useIsAuthenticated } from '../../../lib/session';
import { Button } from '../../../ui/button';
import { Card, CardContent } from '../../../ui/card';
import { Stack } from '../../../ui/stack';
import { Text } from '../../../ui/text';
import styles from './agent-index-page.module.css';

/** /agent/index, the promoter platform's front door ('/' lands here): the way in, and the platform's article. */
export function AgentIndexPage() {
  const { t } = useTranslation();
  const signedIn = useIsAuthenticated();
  const player = sessionStore.use((s) => s.player);
  return (
    <Stack spacing={2} data-testid="page-agent-index">
      <Card>
        <CardContent>
          <Stack spacing={2} alignItems="center" className={styles.welcome}>
            <BrandHeading logoSize={64} />
            <Text color="textSecondary">{t('agentIndex.text')}</Text>
            {signedIn && player ? (
              <Button variant="contained" size="large" to={paths.agent.bindAgent.getHref()}>
                {t('nav.bindAgent')}
              </Button>
            ) : signedIn ? (
              <Button variant="contained" size="large" to={paths.agent.main.getHref()}>
                {t('agentIndex.enter')}
              </Button>
            ) : (
              <Stack spacing={1} className={styles.signIn}>
                <Text variant="body2">{t('login.openFromGame')}</Text>
                <Button
                  variant="contained"
                  size="large"
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
      <Stack direction="row" spacing={1} justifyContent="center" wrap>
        <Button to={paths.agent.agentInfo.getHref()} size="small">
          {t('nav.agentInfo')}
        </Button>
        <Button to={paths.agent.agentDesc.getHref()} size="small">
          {t('nav.agentDesc')}
        </Button>
        <Button to={paths.agent.help.getHref()} size="small">
          {t('nav.help')}
        </Button>
      </Stack>
    </Stack>
  );
}
