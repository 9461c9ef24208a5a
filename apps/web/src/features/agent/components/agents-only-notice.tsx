import { useTranslation } from '../../../i18n/use-translation';
import { paths } from '../../../config/paths';
import { sessionStore } from '../../../lib/session';
import { Button } from '../../../ui/button';
import { Card, CardContent } from '../../../ui/card';
import { HowToRegOutlinedIcon } from '../../../ui/icons/HowToRegOutlinedIcon';
import { Stack } from '../../../ui/stack';
import { Text } from '../../../ui/text';
import { useAgentCard } from '../api/get-agent-card';
import styles from './agents-only-notice.module.css';

/** The deepest level an agent may have: an agent of this level invites no one (a child's level is greater). */
const LOWEST_LEVEL = 3;

/**
 * What a signed-in player who is no agent meets on an agent page (instead of skeletons that never end): the page
 * is for agents, and the ways to become one. Bound to an agent that may still have children: sign up as its child
 * (its invitation); not bound: bind to an agent first (or open the invite link an agent sent). Either way the
 * recruiting page explains it, and an agent signed in as a player can sign in again.
 */
export function AgentsOnlyNotice() {
  const { t } = useTranslation();
  const player = sessionStore.use((s) => s.player);
  const boundTo = player?.agentId ?? null;
  const card = useAgentCard(boundTo);
  const canInvite = card.data !== undefined && card.data.level < LOWEST_LEVEL;

  return (
    <Card data-testid="agents-only">
      <CardContent>
        <Stack spacing={2} alignItems="center" className={styles.body}>
          <span className={styles.icon}>
            <HowToRegOutlinedIcon color="primary" fontSize="inherit" />
          </span>
          <Text variant="h6" component="h2">
            {t('profile.agentsOnly.title')}
          </Text>
          <Text color="textSecondary">
            {player
              ? t('profile.agentsOnly.text', { nickname: player.nickname, id: player.playerId })
              : t('profile.agentsOnly.textNoName')}
          </Text>
          <Stack spacing={1.5} className={styles.actions}>
            {boundTo !== null && canInvite && card.data ? (
              <>
                <Text variant="body2" data-testid="agents-only-bound">
                  {t('profile.agentsOnly.bound', { nickname: card.data.nickname, id: card.data.agentId })}
                </Text>
                <Button
                  variant="contained"
                  size="large"
                  to={paths.session.signUp.getHref({ from: boundTo })}
                  data-testid="agents-only-sign-up"
                >
                  {t('profile.agentsOnly.signUp')}
                </Button>
              </>
            ) : null}
            {boundTo === null ? (
              <>
                <Text variant="body2">{t('profile.agentsOnly.unbound')}</Text>
                <Button
                  variant="contained"
                  size="large"
                  to={paths.agent.bindAgent.getHref()}
                  data-testid="agents-only-bind"
                >
                  {t('profile.agentsOnly.bind')}
                </Button>
              </>
            ) : null}
            <Button
              variant="outlined"
              to={paths.agent.agentInfo.getHref()}
              className={styles.tall}
              data-testid="agents-only-learn"
            >
              {t('profile.agentsOnly.learnMore')}
            </Button>
            <Button
              color="inherit"
              to={paths.session.login.getHref()}
              className={styles.tall}
              data-testid="agents-only-login"
            >
              {t('profile.agentsOnly.agentLogin')}
            </Button>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
