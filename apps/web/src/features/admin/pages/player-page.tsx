import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { TAdminPlayer } from '@promoter/contract';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link, useParams } from '../../../router';
import { useAdminPlayer } from '../api/get-admin-player';
import { useAdminPlayerRecharges } from '../api/get-admin-player-recharges';
import { paths } from '../../../config/paths';
import { notify } from '../../../lib/notify';
import { useCan } from '../lib/can';
import { useUnbindPlayer } from '../api/unbind-player';
import { AdjustDialog } from '../components/adjust-dialog';
import { AgentLink, Fact, idOf } from '../components/agent-labels';
import { PagedTable } from '../components/filtered-table';
import { OrderSummaryTable } from '../components/order-summary-table';
import { ReasonDialog } from '../components/reason-dialog';
import { formatDateTime } from '../lib/format';
import { useFilteredPages } from '../lib/use-filtered-pages';

/** Unbind (agents.manage, when bound) and adjust diamonds (adjustments): shown only to a role that holds them. */
function PlayerActions({ player }: { player: TAdminPlayer }) {
  const { t } = useTranslation();
  const canManage = useCan('adminPlayerUnbind');
  const canAdjust = useCan('adminAdjustmentCreate');
  const unbind = useUnbindPlayer();
  const [open, setOpen] = useState<'unbind' | 'adjust' | null>(null);
  const bound = player.boundAgent;
  if (!(canManage && bound) && !canAdjust) return null;
  return (
    <>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} data-testid="player-actions">
        {canManage && bound ? (
          <Button
            size="small"
            variant="outlined"
            color="warning"
            onClick={() => setOpen('unbind')}
            data-testid="player-unbind"
          >
            {t('adminAgents.actions.unbind')}
          </Button>
        ) : null}
        {canAdjust ? (
          <Button
            size="small"
            variant="outlined"
            onClick={() => setOpen('adjust')}
            data-testid="player-adjust"
          >
            {t('adminAgents.actions.adjust')}
          </Button>
        ) : null}
      </Stack>
      {bound ? (
        <ReasonDialog
          open={open === 'unbind'}
          title={t('adminAgents.actions.unbind')}
          message={t('adminAgents.confirm.unbind', {
            nickname: player.nickname,
            playerId: player.playerId,
            agent: `${bound.nickname} (#${bound.agentId})`,
          })}
          confirmLabel={t('adminAgents.actions.unbind')}
          busy={unbind.isPending}
          onCancel={() => setOpen(null)}
          onConfirm={(reason) =>
            unbind.mutate(
              { playerId: player.playerId, expectedAgentId: bound.agentId, reason },
              {
                onSuccess: () => notify.success(t('adminAgents.done.unbound')),
                onSettled: () => setOpen(null),
              },
            )
          }
        />
      ) : null}
      <AdjustDialog
        open={open === 'adjust'}
        owner={{
          ownerType: 'player',
          ownerId: player.playerId,
          label: `${player.nickname} (#${player.playerId})`,
          current: { diamonds: player.diamonds },
        }}
        onClose={() => setOpen(null)}
      />
    </>
  );
}

function Recharges({ playerId }: { playerId: number }) {
  const { t, i18n } = useTranslation();
  const pager = useFilteredPages<Record<never, string>>({});
  const list = useAdminPlayerRecharges({ playerId, page: pager.page + 1, pageSize: pager.pageSize });
  const rows = list.data?.list ?? [];
  return (
    <PagedTable
      minWidth={560}
      testId="player-recharges-table"
      columns={4}
      head={
        <>
          <TableCell>#</TableCell>
          <TableCell>{t('adminAgents.columns.agent')}</TableCell>
          <TableCell align="right">{t('adminAgents.columns.diamonds')}</TableCell>
          <TableCell>{t('adminAgents.columns.time')}</TableCell>
        </>
      }
      empty={list.isSuccess && rows.length === 0}
      total={list.data?.total ?? 0}
      pager={pager}
      pageSizes={[20, 50, 100]}
    >
      {rows.map((row) => (
        <TableRow key={row.id}>
          <TableCell>{row.id}</TableCell>
          <TableCell>
            <AgentLink agentId={row.agentId}>
              {row.agentNickname} (#{row.agentId})
            </AgentLink>
          </TableCell>
          <TableCell align="right">{row.diamonds}</TableCell>
          <TableCell>{formatDateTime(row.createdAt, i18n.language)}</TableCell>
        </TableRow>
      ))}
    </PagedTable>
  );
}

function PlayerPageOf({ playerId }: { playerId: number }) {
  const { t, i18n } = useTranslation();
  const detail = useAdminPlayer(playerId);
  if (detail.isPending) return <CircularProgress size={28} />;
  if (!detail.data) return <Alert severity="error">{t('adminAgents.player.notFound', { playerId })}</Alert>;
  const { player } = detail.data;
  return (
    <Stack spacing={2} data-testid="page-admin-player" data-player-id={player.playerId}>
      <Typography variant="h5" component="h1">
        {t('adminAgents.player.title', { nickname: player.nickname, playerId: player.playerId })}
      </Typography>
      <PlayerActions player={player} />
      <Paper sx={{ p: 2 }}>
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
          }}
        >
          <Fact label={t('adminAgents.columns.diamonds')} testId="player-diamonds">
            {player.diamonds}
          </Fact>
          <Fact label={t('adminAgents.columns.boundAgent')} testId="player-bound-agent">
            {player.boundAgent ? (
              <AgentLink agentId={player.boundAgent.agentId}>
                {player.boundAgent.nickname} (#{player.boundAgent.agentId})
              </AgentLink>
            ) : (
              t('adminAgents.player.unbound')
            )}
          </Fact>
          <Fact label={t('adminAgents.columns.mobile')}>{player.mobile ?? '-'}</Fact>
          <Fact label={t('adminAgents.columns.createdAt')}>
            {formatDateTime(player.createdAt, i18n.language)}
          </Fact>
          {player.agentId !== null ? (
            <Fact label={t('adminAgents.columns.ownAgent')}>
              <AgentLink agentId={player.agentId} />
            </Fact>
          ) : null}
          {detail.data.lastUnbindReason ? (
            <Fact label={t('adminAgents.player.lastUnbind')}>{detail.data.lastUnbindReason}</Fact>
          ) : null}
        </Box>
      </Paper>
      <Typography variant="h6" component="h2">
        {t('adminAgents.player.recharges')}
      </Typography>
      <Recharges playerId={player.playerId} />
      <Typography variant="h6" component="h2">
        {t('adminAgents.player.orders')}
      </Typography>
      <Paper>
        <OrderSummaryTable orders={detail.data.recentOrders} />
      </Paper>
    </Stack>
  );
}

/** `#/admin/players/:playerId`: a player's page. */
export function PlayerPage() {
  const { t } = useTranslation();
  const params = useParams();
  const playerId = idOf(params.playerId ?? '');
  return (
    <Stack spacing={2}>
      <Box>
        <Button component={Link} to={paths.admin.players.getHref()} size="small">
          {t('adminAgents.player.back')}
        </Button>
      </Box>
      {playerId === undefined ? (
        <Alert severity="error">
          {t('adminAgents.player.notFound', { playerId: params.playerId ?? '' })}
        </Alert>
      ) : (
        <PlayerPageOf key={playerId} playerId={playerId} />
      )}
    </Stack>
  );
}
