import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../../i18n/use-translation';
import { useAdminGameEvent } from '../../api/get-admin-game-event';
import { formatDateTime } from '../../lib/format';
import { AgentLink, PlayerLink } from '../agent-labels';
import { DetailDrawer, DetailField, DetailTable } from '../detail-parts';
import { EmptyRow } from '../empty-row';
import { formatMs, GameEventStatusChip, sourceLabel } from './game-parts';
import { RetryEventButton } from './retry-event-button';

/** One event of the game's outbox: where its delivery stands, what the game is sent, and every try of it. */
export function GameEventDetail({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const detail = useAdminGameEvent(id);
  const data = detail.data;
  const event = data?.event;
  const when = (iso: string | null) => (iso ? formatDateTime(iso, i18n.language) : '—');
  return (
    <DetailDrawer
      open={id !== null}
      onClose={onClose}
      title={t('adminGame.detail.title', { id: id ?? '' })}
      width={640}
      testId="game-event-detail"
      loading={detail.isPending && id !== null}
    >
      {event && data ? (
        <>
          <DetailField label={t('adminGame.events.columns.status')}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <GameEventStatusChip status={event.status} />
              <RetryEventButton event={event} />
            </Stack>
          </DetailField>
          <DetailField label={t('adminGame.events.columns.player')}>
            <PlayerLink playerId={event.playerId} /> · {t('adminGame.detail.sequence')} {event.sequence}
          </DetailField>
          <DetailField label={t('adminGame.events.columns.diamonds')} testId="game-event-diamonds">
            {event.diamonds > 0 ? `+${event.diamonds}` : event.diamonds}
          </DetailField>
          <DetailField label={t('adminGame.events.columns.source')}>
            {sourceLabel(t, event.source)}
          </DetailField>
          {event.agentId === null ? null : (
            <DetailField label={t('adminGame.detail.agent')}>
              <AgentLink agentId={event.agentId} />
            </DetailField>
          )}
          <DetailField label={t('adminGame.events.columns.createdAt')}>{when(event.createdAt)}</DetailField>
          <DetailField label={t('adminGame.detail.deliveredAt')}>{when(event.deliveredAt)}</DetailField>
          <DetailField label={t('adminGame.events.columns.nextAttempt')}>
            {when(event.nextAttemptAt)}
          </DetailField>
          <DetailField label={t('adminGame.detail.lastError')}>{event.lastError ?? '—'}</DetailField>

          <DetailTable title={t('adminGame.detail.attempts')} testId="game-event-attempts">
            <TableHead>
              <TableRow>
                <TableCell>{t('adminGame.detail.at')}</TableCell>
                <TableCell>{t('adminGame.detail.httpStatus')}</TableCell>
                <TableCell align="right">{t('adminGame.detail.latency')}</TableCell>
                <TableCell>{t('adminGame.detail.response')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.attempts.map((attempt) => (
                <TableRow key={attempt.id} data-testid="game-attempt">
                  <TableCell sx={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
                    {when(attempt.at)}
                  </TableCell>
                  <TableCell sx={{ verticalAlign: 'top' }}>{attempt.httpStatus ?? '—'}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
                    {formatMs(t, attempt.latencyMs)}
                  </TableCell>
                  <TableCell sx={{ verticalAlign: 'top' }}>
                    {attempt.error ? (
                      <Typography variant="body2" color="error">
                        {t('adminGame.detail.error')}: {attempt.error}
                      </Typography>
                    ) : null}
                    <Box
                      component="pre"
                      sx={{
                        m: 0,
                        whiteSpace: 'pre-wrap',
                        wordBreak: 'break-all',
                        fontSize: 12,
                        maxWidth: 320,
                      }}
                    >
                      {attempt.response}
                    </Box>
                  </TableCell>
                </TableRow>
              ))}
              <EmptyRow
                show={data.attempts.length === 0}
                columns={4}
                text={t('adminGame.detail.noAttempts')}
              />
            </TableBody>
          </DetailTable>

          <Typography variant="subtitle1" sx={{ mt: 2 }}>
            {t('adminGame.detail.payload')}
          </Typography>
          <Box
            component="pre"
            sx={{ m: 0, p: 1, bgcolor: 'action.hover', fontSize: 12, overflowX: 'auto' }}
            data-testid="game-event-payload"
          >
            {JSON.stringify(data.payload, null, 2)}
          </Box>
        </>
      ) : null}
    </DetailDrawer>
  );
}
