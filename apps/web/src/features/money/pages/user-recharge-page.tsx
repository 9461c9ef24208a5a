import Search from '@mui/icons-material/Search';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TPlayerSummary } from '@promoter/contract';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { paths } from '../../../config/paths';
import { languageOf } from '../../../i18n/languages';
import { formatCount } from '../../../lib/format';
import { useRecentPlayers } from '../api/get-recent-players';
import { useRechargePlayer } from '../api/recharge-player';
import { useSearchPlayers } from '../api/search-players';
import { AccountSummary, useAgent } from '../components/account-summary';
import { ConfirmRows } from '../components/confirm-rows';
import { DiamondAmountField, diamondAmountError } from '../components/diamond-amount-field';
import { PlayerLine } from '../components/player-line';
import { SuccessCard } from '../components/success-card';
import { useConfirmation } from '../lib/use-confirmation';
import { useRequestIds } from '../lib/use-request-id';

/** A player id (up to 10 digits) or an 11-digit mainland mobile: the server matches either exactly. */
const KEYWORD = /^(\d{1,10}|1\d{10})$/;

interface RechargeResult {
  player: TPlayerSummary;
  diamonds: number;
  stock: number;
}

/** /agent/user-recharge: find a player, choose an amount, confirm, and the diamonds leave the agent's stock. */
export function UserRechargePage() {
  const { t, i18n } = useTranslation();
  const locale = languageOf(i18n.language).htmlLang;
  const { user } = useAgent();
  const [keywordInput, setKeywordInput] = useState('');
  const [keyword, setKeyword] = useState<string | null>(null);
  const [keywordInvalid, setKeywordInvalid] = useState(false);
  const [player, setPlayer] = useState<TPlayerSummary | null>(null);
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const confirmation = useConfirmation<{ player: TPlayerSummary; diamonds: number }>();
  const [result, setResult] = useState<RechargeResult | null>(null);

  const search = useSearchPlayers(keyword);
  const recent = useRecentPlayers();
  const recharge = useRechargePlayer();
  const requestIds = useRequestIds();

  const amountError = diamondAmountError(amount, user?.diamonds);
  const canSubmit = player !== null && amountError === null && !recharge.isPending;

  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    const text = keywordInput.trim();
    if (!KEYWORD.test(text)) {
      setKeywordInvalid(true);
      return;
    }
    setKeywordInvalid(false);
    setKeyword(text);
    if (text === keyword) void search.refetch();
  };

  const choose = (chosen: TPlayerSummary) => {
    setPlayer(chosen);
    setResult(null);
  };

  const confirm = () => {
    const attempt = confirmation.attempt;
    if (!attempt) return;
    const { player: target, diamonds } = attempt;
    const requestId = requestIds.forAttempt(`${target.playerId}:${diamonds}`);
    recharge.mutate(
      { playerId: target.playerId, diamonds, requestId },
      {
        onSuccess: (data) => {
          requestIds.reset();
          setResult({ player: data.player, diamonds, stock: data.diamonds });
          setAmount('');
          setTouched(false);
          confirmation.close();
        },
        // The client already showed the server's reason; the same attempt may be retried with the same id.
        onError: () => confirmation.close(),
      },
    );
  };

  const recentPlayers = recent.data ?? [];

  return (
    <Stack spacing={2} data-testid="page-user-recharge">
      <AccountSummary show={['diamonds']} />

      {result ? (
        <SuccessCard
          testId="recharge-success"
          title={t('money.recharge.successTitle')}
          text={t('money.recharge.successText', {
            nickname: result.player.nickname,
            id: result.player.playerId,
            diamonds: formatCount(result.diamonds, locale),
          })}
          after={t('money.common.stockAfter', { stock: formatCount(result.stock, locale) })}
          actions={
            <>
              <Button variant="contained" onClick={() => setResult(null)} data-testid="recharge-again">
                {t('money.recharge.again')}
              </Button>
              <Button component={Link} to={paths.agent.currencyList.getHref()} variant="outlined">
                {t('money.common.viewFlow')}
              </Button>
            </>
          }
        />
      ) : null}

      <Card>
        <CardContent>
          <Stack spacing={2}>
            <Typography variant="subtitle2" component="h2">
              {t('money.recharge.findTitle')}
            </Typography>
            <Box
              component="form"
              onSubmit={submitSearch}
              sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}
            >
              <TextField
                label={t('money.recharge.searchLabel')}
                value={keywordInput}
                onChange={(event) => setKeywordInput(event.target.value.replace(/[^\d]/g, ''))}
                error={keywordInvalid}
                helperText={
                  keywordInvalid ? t('money.recharge.searchInvalid') : t('money.recharge.searchHint')
                }
                fullWidth
                size="small"
                slotProps={{
                  htmlInput: {
                    inputMode: 'numeric',
                    maxLength: 11,
                    enterKeyHint: 'search',
                    'data-testid': 'recharge-search-input',
                  },
                }}
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
                <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
                  {recentPlayers.map((p) => (
                    <Chip
                      key={p.playerId}
                      avatar={
                        <Avatar src={p.avatar || undefined} alt="">
                          {p.nickname.slice(0, 1)}
                        </Avatar>
                      }
                      label={`${p.nickname} · ${p.playerId}`}
                      clickable
                      color={player?.playerId === p.playerId ? 'primary' : 'default'}
                      variant={player?.playerId === p.playerId ? 'filled' : 'outlined'}
                      onClick={() => choose(p)}
                      data-testid={`recharge-recent-${p.playerId}`}
                    />
                  ))}
                </Stack>
              )}
            </Stack>
          </Stack>
        </CardContent>
      </Card>

      <Card>
        <CardContent>
          <Stack spacing={2}>
            <Typography variant="subtitle2" component="h2">
              {t('money.recharge.player')}
            </Typography>
            {player ? (
              <Stack
                direction="row"
                spacing={1}
                sx={{ alignItems: 'center' }}
                data-testid="recharge-selected"
              >
                <PlayerLine player={player} />
                <Button size="small" onClick={() => setPlayer(null)} disabled={recharge.isPending}>
                  {t('money.common.change')}
                </Button>
              </Stack>
            ) : (
              <Typography color="text.secondary">{t('money.recharge.pickPlayer')}</Typography>
            )}
            <DiamondAmountField
              value={amount}
              onChange={(value) => {
                setAmount(value);
                setTouched(true);
              }}
              error={touched ? amountError : null}
              stock={user?.diamonds}
              disabled={recharge.isPending}
              testIdPrefix="recharge"
            />
            <Button
              variant="contained"
              size="large"
              disabled={!canSubmit}
              onClick={() => {
                setTouched(true);
                if (canSubmit && player) confirmation.ask({ player, diamonds: Number(amount.trim()) });
              }}
              data-testid="recharge-submit"
            >
              {recharge.isPending ? t('money.common.sending') : t('money.recharge.submit')}
            </Button>
          </Stack>
        </CardContent>
      </Card>

      <ConfirmDialog
        open={confirmation.open}
        title={t('money.recharge.confirmTitle')}
        busy={recharge.isPending}
        onCancel={confirmation.close}
        onConfirm={confirm}
        message={
          confirmation.attempt ? (
            <ConfirmRows
              rows={[
                {
                  label: t('money.recharge.confirmPlayer'),
                  value: t('money.common.nameWithId', {
                    name: confirmation.attempt.player.nickname,
                    id: confirmation.attempt.player.playerId,
                  }),
                  testId: 'recharge-confirm-player',
                },
                {
                  label: t('money.recharge.confirmAmount'),
                  value: t('money.common.diamondsValue', {
                    value: formatCount(confirmation.attempt.diamonds, locale),
                  }),
                  testId: 'recharge-confirm-amount',
                },
              ]}
              note={t('money.recharge.confirmNote')}
            />
          ) : null
        }
      />
    </Stack>
  );
}
