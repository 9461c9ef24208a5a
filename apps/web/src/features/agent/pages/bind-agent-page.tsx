import Avatar from '@mui/material/Avatar';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { NotAvailable } from '../../../components/ui/not-available';
import { sessionStore } from '../../../lib/session';

/**
 * /agent/bind-agent: where a signed-in player that is not an agent lands. It shows who is signed in;
 * binding itself comes in a later issue.
 */
export function BindAgentPage() {
  const { t } = useTranslation();
  const player = sessionStore.use((s) => s.player);
  return (
    <Stack spacing={2} data-testid="page-bind-agent">
      <Card>
        <CardContent>
          {player ? (
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <Avatar src={player.avatar || undefined} alt={player.nickname} sx={{ width: 56, height: 56 }}>
                {player.nickname.slice(0, 1)}
              </Avatar>
              <Stack sx={{ minWidth: 0 }}>
                <Typography variant="h6" noWrap data-testid="bind-agent-nickname">
                  {player.nickname}
                </Typography>
                <Typography variant="body2" color="text.secondary" data-testid="bind-agent-player-id">
                  {t('bindAgent.playerId', { id: player.playerId })}
                </Typography>
              </Stack>
            </Stack>
          ) : (
            <Typography color="text.secondary">{t('bindAgent.noPlayer')}</Typography>
          )}
          <Typography variant="body2" sx={{ mt: 2 }}>
            {t('bindAgent.intro')}
          </Typography>
        </CardContent>
      </Card>
      <NotAvailable title={t('nav.bindAgent')} />
    </Stack>
  );
}
