import Avatar from '@mui/material/Avatar';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TPlayerSummary } from '@promoter/contract';
import { useTranslation } from 'react-i18next';
import { maskMobile } from '../lib/mask';

/** A player as the recharge screen shows it: avatar, nickname, id and the mobile with its middle hidden. */
export function PlayerLine({ player }: { player: TPlayerSummary }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0, flex: 1 }}>
      <Avatar src={player.avatar || undefined} alt={player.nickname}>
        {player.nickname.slice(0, 1)}
      </Avatar>
      <Stack sx={{ minWidth: 0, flex: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
          <Typography variant="subtitle1" noWrap>
            {player.nickname}
          </Typography>
          {player.boundToMe ? (
            <Chip size="small" color="primary" variant="outlined" label={t('money.recharge.boundToMe')} />
          ) : null}
        </Stack>
        <Typography variant="body2" color="text.secondary" noWrap>
          {t('money.common.playerId', { id: player.playerId })}
          {player.mobile ? ` · ${maskMobile(player.mobile)}` : ''}
        </Typography>
      </Stack>
    </Stack>
  );
}
