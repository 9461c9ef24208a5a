import HowToRegOutlined from '@mui/icons-material/HowToRegOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { sessionStore } from '../../../lib/session';
import { useAgentCard } from '../api/get-agent-card';

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
        <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 2 }}>
          <HowToRegOutlined color="primary" sx={{ fontSize: 56 }} aria-hidden />
          <Typography variant="h6" component="h2">
            {t('profile.agentsOnly.title')}
          </Typography>
          <Typography color="text.secondary">
            {player
              ? t('profile.agentsOnly.text', { nickname: player.nickname, id: player.playerId })
              : t('profile.agentsOnly.textNoName')}
          </Typography>
          <Stack spacing={1.5} sx={{ width: '100%', maxWidth: 360 }}>
            {boundTo !== null && canInvite && card.data ? (
              <>
                <Typography variant="body2" data-testid="agents-only-bound">
                  {t('profile.agentsOnly.bound', { nickname: card.data.nickname, id: card.data.agentId })}
                </Typography>
                <Button
                  variant="contained"
                  size="large"
                  component={Link}
                  to={paths.session.signUp.getHref({ from: boundTo })}
                  data-testid="agents-only-sign-up"
                >
                  {t('profile.agentsOnly.signUp')}
                </Button>
              </>
            ) : null}
            {boundTo === null ? (
              <>
                <Typography variant="body2">{t('profile.agentsOnly.unbound')}</Typography>
                <Button
                  variant="contained"
                  size="large"
                  component={Link}
                  to={paths.agent.bindAgent.getHref()}
                  data-testid="agents-only-bind"
                >
                  {t('profile.agentsOnly.bind')}
                </Button>
              </>
            ) : null}
            <Button
              variant="outlined"
              component={Link}
              to={paths.agent.agentInfo.getHref()}
              sx={{ minHeight: 44 }}
              data-testid="agents-only-learn"
            >
              {t('profile.agentsOnly.learnMore')}
            </Button>
            <Button
              color="inherit"
              component={Link}
              to={paths.session.login.getHref()}
              sx={{ minHeight: 44 }}
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
