import Search from '@mui/icons-material/Search';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PLAYER_SEARCH_KEYWORD_MAX, ZPlayerId, ZPlayerSearchKeyword } from '@promoter/contract';
import type { TPlayerSummary } from '@promoter/contract';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useRecentPlayers } from '../../../api/get-recent-players';
import { contractResolver } from '../../../lib/contract-resolver';
import { useRechargePlayer } from '../api/recharge-player';
import { useSearchPlayers } from '../../../api/search-players';
import { ChoiceChip } from '../components/choice-chip';
import { PlayerLine } from '../components/player-line';
import { SectionCard } from '../components/section-card';
import { SendDiamonds } from '../components/send-diamonds';
import type { DiamondsSent } from '../components/send-diamonds';

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
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} data-testid="recharge-selected">
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
        <Box
          component="form"
          onSubmit={(event) => void submitSearch(event)}
          sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}
        >
          <Controller
            name="keyword"
            control={control}
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                onChange={(event) => field.onChange(event.target.value.replace(/[^\d]/g, ''))}
                label={t('money.recharge.searchLabel')}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message ?? t('money.recharge.searchHint')}
                fullWidth
                size="small"
                slotProps={{
                  htmlInput: {
                    inputMode: 'numeric',
                    maxLength: PLAYER_SEARCH_KEYWORD_MAX,
                    enterKeyHint: 'search',
                    'data-testid': 'recharge-search-input',
                  },
                }}
              />
            )}
          />
          <Button
            type="submit"
            variant="contained"
            startIcon={search.isFetching ? <CircularProgress size={16} color="inherit" /> : <Search />}
            disabled={search.isFetching}
            sx={{ flexShrink: 0, height: 40 }}
            data-testid="recharge-search-button"
          >
            {t('money.recharge.search')}
          </Button>
        </Box>

        {keyword !== null && search.isSuccess ? (
          search.data.length === 0 ? (
            <Typography color="text.secondary" data-testid="recharge-search-empty">
              {t('money.recharge.noResult')}
            </Typography>
          ) : (
            <List disablePadding data-testid="recharge-search-results">
              {search.data.map((found) => (
                <ListItemButton
                  key={found.playerId}
                  selected={player?.playerId === found.playerId}
                  onClick={() => choose(found)}
                  data-testid={`recharge-player-${found.playerId}`}
                  sx={{ borderRadius: 1, px: 1 }}
                >
                  <PlayerLine player={found} />
                </ListItemButton>
              ))}
            </List>
          )
        ) : null}

        <Stack spacing={1}>
          <Typography variant="body2" color="text.secondary">
            {t('money.recharge.recent')}
          </Typography>
          {recent.isPending ? (
            <CircularProgress size={20} aria-label={t('money.common.loading')} />
          ) : recentPlayers.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {t('money.recharge.recentEmpty')}
            </Typography>
          ) : (
            <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 1, rowGap: 1.5 }}>
              {recentPlayers.map((p) => (
                <ChoiceChip
                  key={p.playerId}
                  avatar={
                    <Avatar src={p.avatar || undefined} alt="">
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
