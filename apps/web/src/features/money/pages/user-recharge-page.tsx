import { PLAYER_SEARCH_KEYWORD_MAX, ZPlayerId, ZPlayerSearchKeyword } from '@promoter/contract';
import type { TPlayerSummary } from '@promoter/contract';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from '../../../i18n/use-translation';
import { useSearchParams } from '../../../router';
import { useRecentPlayers } from '../../../api/get-recent-players';
import { contractResolver } from '../../../lib/contract-resolver';
import { useRechargePlayer } from '../api/recharge-player';
import { useSearchPlayers } from '../../../api/search-players';
import { ChoiceChip } from '../components/choice-chip';
import { PlayerLine } from '../components/player-line';
import { SectionCard } from '../components/section-card';
import { SendDiamonds } from '../components/send-diamonds';
import type { DiamondsSent } from '../components/send-diamonds';
import { Avatar } from '../../../ui/avatar';
import { Button } from '../../../ui/button';
import { SearchIcon } from '../../../ui/icons/SearchIcon';
import { List, ListItemButton } from '../../../ui/list';
import { Spinner } from '../../../ui/progress';
import { Stack } from '../../../ui/stack';
import { Text } from '../../../ui/text';
import { TextField } from '../../../ui/text-field';
import styles from './user-recharge-page.module.css';

/**
 * /agent/user-recharge: find a player, choose an amount, confirm, and the diamonds leave the agent's stock. With
 * `?playerId=` (one tap from the players list) that player is looked up and chosen at once.
 */
export function UserRechargePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [preset] = useState(() => {
    const id = ZPlayerId.safeParse(params.get('playerId') ?? undefined);
    return id.success ? id.data : null;
  });
  const [keyword, setKeyword] = useState<string | null>(preset === null ? null : String(preset));
  const [player, setPlayer] = useState<TPlayerSummary | null>(null);
  const [result, setResult] = useState<DiamondsSent | null>(null);

  const search = useSearchPlayers(keyword);
  const recent = useRecentPlayers();
  const recharge = useRechargePlayer();

  // A player id or a mobile, as the server matches them (the contract's ZPlayerSearchKeyword), checked on search.
  const invalid = t('money.recharge.searchInvalid');
  const { control, handleSubmit } = useForm<{ keyword: string }>({
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: { keyword: preset === null ? '' : String(preset) },
    resolver: contractResolver<{ keyword: string }>({
      keyword: { schema: ZPlayerSearchKeyword, required: invalid, invalid },
    }),
  });
  const submitSearch = handleSubmit((values) => {
    const text = values.keyword.trim();
    setKeyword(text);
    if (text === keyword) void search.refetch();
  });

  const choose = (chosen: TPlayerSummary) => {
    setPlayer(chosen);
    setResult(null);
  };

  // The player the link named is chosen once it is found (not again after the agent changed it).
  const [presetTaken, setPresetTaken] = useState(preset === null);
  const presetFound = search.data?.find((found) => found.playerId === preset) ?? null;
  useEffect(() => {
    if (presetTaken || !presetFound) return;
    setPresetTaken(true);
    setPlayer(presetFound);
  }, [presetTaken, presetFound]);

  const recentPlayers = recent.data ?? [];

  return (
    <SendDiamonds
      kind="recharge"
      testId="page-user-recharge"
      recipient={player ? { id: player.playerId, nickname: player.nickname } : null}
      selected={
        player ? (
          <Stack direction="row" spacing={1} alignItems="center" data-testid="recharge-selected">
            <PlayerLine player={player} />
            <Button size="small" onClick={() => setPlayer(null)} disabled={recharge.isPending}>
              {t('money.common.change')}
            </Button>
          </Stack>
        ) : null
      }
      mutation={recharge}
      inputOf={(to, diamonds, requestId) => ({ playerId: to.id, diamonds, requestId })}
      sentTo={(data) => ({ id: data.player.playerId, nickname: data.player.nickname })}
      result={result}
      onResult={setResult}
    >
      <SectionCard title={t('money.recharge.findTitle')}>
        <form onSubmit={(event) => void submitSearch(event)} className={styles.search}>
          <Controller
            name="keyword"
            control={control}
            render={({ field, fieldState }) => (
              <TextField
                name={field.name}
                value={field.value}
                onBlur={field.onBlur}
                disabled={field.disabled}
                inputRef={field.ref}
                onChange={(event) => field.onChange(event.target.value.replace(/[^\d]/g, ''))}
                label={t('money.recharge.searchLabel')}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message ?? t('money.recharge.searchHint')}
                fullWidth
                size="small"
                inputProps={{
                  inputMode: 'numeric',
                  maxLength: PLAYER_SEARCH_KEYWORD_MAX,
                  enterKeyHint: 'search',
                  'data-testid': 'recharge-search-input',
                }}
              />
            )}
          />
          <Button
            type="submit"
            variant="contained"
            startIcon={<SearchIcon />}
            loading={search.isFetching}
            className={styles.searchButton}
            data-testid="recharge-search-button"
          >
            {t('money.recharge.search')}
          </Button>
        </form>

        {keyword !== null && search.isSuccess ? (
          search.data.length === 0 ? (
            <Text color="textSecondary" data-testid="recharge-search-empty">
              {t('money.recharge.noResult')}
            </Text>
          ) : (
            <List component="div" disablePadding data-testid="recharge-search-results">
              {search.data.map((found) => (
                <ListItemButton
                  key={found.playerId}
                  selected={player?.playerId === found.playerId}
                  onClick={() => choose(found)}
                  data-testid={`recharge-player-${found.playerId}`}
                  className={styles.result}
                >
                  <PlayerLine player={found} />
                </ListItemButton>
              ))}
            </List>
          )
        ) : null}

        <Stack spacing={1}>
          <Text variant="body2" color="textSecondary">
            {t('money.recharge.recent')}
          </Text>
          {recent.isPending ? (
            <Spinner size={20} color="primary" aria-label={t('money.common.loading')} />
          ) : recentPlayers.length === 0 ? (
            <Text variant="body2" color="textSecondary">
              {t('money.recharge.recentEmpty')}
            </Text>
          ) : (
            <Stack direction="row" wrap className={styles.recent}>
              {recentPlayers.map((p) => (
                <ChoiceChip
                  key={p.playerId}
                  avatar={
                    <Avatar src={p.avatar || undefined} alt="" size={24}>
                      {p.nickname.slice(0, 1)}
                    </Avatar>
                  }
                  label={`${p.nickname} · ${p.playerId}`}
                  selected={player?.playerId === p.playerId}
                  onClick={() => choose(p)}
                  data-testid={`recharge-recent-${p.playerId}`}
                />
              ))}
            </Stack>
          )}
        </Stack>
      </SectionCard>
    </SendDiamonds>
  );
}
