import { maskMobile, type TPlayerSummary } from '@promoter/contract';
import { useTranslation } from '../../../i18n/use-translation';
import { Chip } from '../../../ui/chip';
import { PersonLine } from './person-line';

/** A player as the recharge screen shows it: avatar, nickname, id and the mobile with its middle hidden. */
export function PlayerLine({ player }: { player: TPlayerSummary }) {
  const { t } = useTranslation();
  return (
    <PersonLine
      avatar={player.avatar}
      nickname={player.nickname}
      chip={
        player.boundToMe ? (
          <Chip size="small" color="primary" variant="outlined" label={t('money.recharge.boundToMe')} />
        ) : null
      }
      details={
        <>
          {t('money.common.playerId', { id: player.playerId })}
          {player.mobile ? ` · ${maskMobile(player.mobile)}` : ''}
        </>
      }
    />
  );
}
