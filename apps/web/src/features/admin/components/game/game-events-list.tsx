import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { type GameEventStatus, ZGameEventStatus } from '@promoter/contract';
import { useTranslation } from '../../../../i18n/use-translation';
import { type AdminGameEventFilter, useAdminGameEvents } from '../../api/get-admin-game-events';
import { useCan } from '../../lib/can';
import { dateInputToIso, formatDateTime } from '../../lib/format';
import { useListPage } from '../../lib/use-list-page';
import { idOf, PlayerLink } from '../agent-labels';
import { ChoiceFilter, FilterField } from '../filtered-table';
import { ListPage } from '../list-page';
import { attemptLabel, GameEventStatusChip, sourceLabel } from './game-parts';
import { RetryEventButton } from './retry-event-button';

interface GameEventForm {
  status: GameEventStatus | '';
  playerId: string;
  from: string;
  to: string;
}

/** The list opens on the failed events: what needs an operator. */
const EMPTY: GameEventForm = { status: 'failed', playerId: '', from: '', to: '' };

/** The form's values as the call's filter: blanks left out, days as the platform's midnights (`to` the next one). */
export function gameEventFilterOf(form: GameEventForm): Omit<AdminGameEventFilter, 'page' | 'pageSize'> {
  return {
    status: form.status || undefined,
    playerId: idOf(form.playerId),
    from: dateInputToIso(form.from),
    to: dateInputToIso(form.to, true),
  };
}

/** The game's outbox by status, player and day, newest first; a row opens the event, retry where the role may. */
export function GameEventsList({ onOpen }: { onOpen: (id: string) => void }) {
  const { t, i18n } = useTranslation();
  const canRetry = useCan('adminGameRetry');
  const list = useListPage({
    empty: EMPTY,
    checks: { playerId: 'id' },
    filterOf: gameEventFilterOf,
    useList: useAdminGameEvents,
  });
  const { filters } = list;
  const when = (iso: string | null) => (iso ? formatDateTime(iso, i18n.language) : '—');
  return (
    <ListPage
      testId="game-events"
      heading={null}
      view={list}
      filterBar={{ testId: 'game-event-filters', applyTestId: 'game-event-apply' }}
      filters={
        <>
          <ChoiceFilter
            label={t('adminGame.events.filters.status')}
            {...filters.field('status')}
            choices={ZGameEventStatus.options}
            labelOf={(status) => t(`adminGame.events.status.${status}`)}
            slotProps={{ htmlInput: { 'data-testid': 'game-filter-status' } }}
          />
          <FilterField
            label={t('adminGame.events.filters.playerId')}
            {...filters.field('playerId')}
            slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'game-filter-player' } }}
          />
          <FilterField date label={t('admin.filters.from')} {...filters.field('from')} />
          <FilterField date label={t('admin.filters.to')} {...filters.field('to')} />
        </>
      }
      table={{
        minWidth: 1100,
        testId: 'game-event-table',
        columns: canRetry ? 9 : 8,
        emptyTestId: 'game-event-table-empty',
        pageSizes: [20, 50, 100],
      }}
      head={
        <>
          <TableCell>{t('adminGame.events.columns.createdAt')}</TableCell>
          <TableCell>{t('adminGame.events.columns.player')}</TableCell>
          <TableCell align="right">{t('adminGame.events.columns.diamonds')}</TableCell>
          <TableCell>{t('adminGame.events.columns.source')}</TableCell>
          <TableCell>{t('adminGame.events.columns.status')}</TableCell>
          <TableCell align="right">{t('adminGame.events.columns.attempts')}</TableCell>
          <TableCell>{t('adminGame.events.columns.lastAttempt')}</TableCell>
          <TableCell>{t('adminGame.events.columns.nextAttempt')}</TableCell>
          {canRetry ? <TableCell /> : null}
        </>
      }
      row={(event) => (
        <TableRow
          key={event.id}
          hover
          onClick={() => onOpen(event.id)}
          sx={{ cursor: 'pointer' }}
          data-testid={`game-event-${event.id}`}
          data-status={event.status}
        >
          <TableCell sx={{ whiteSpace: 'nowrap' }}>
            {when(event.createdAt)}
            <Typography
              variant="caption"
              color="text.secondary"
              component="div"
              sx={{ fontFamily: 'monospace' }}
            >
              {event.id}
            </Typography>
          </TableCell>
          <TableCell>
            <PlayerLink playerId={event.playerId} />
          </TableCell>
          <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
            {event.diamonds > 0 ? `+${event.diamonds}` : event.diamonds}
          </TableCell>
          <TableCell>{sourceLabel(t, event.source)}</TableCell>
          <TableCell>
            <GameEventStatusChip status={event.status} />
            {event.inFlight ? (
              <Typography variant="caption" color="text.secondary" component="div">
                {t('adminGame.events.inFlight')}
              </Typography>
            ) : null}
          </TableCell>
          <TableCell align="right">{event.attempts}</TableCell>
          <TableCell>
            {event.lastAttempt ? (
              <>
                {attemptLabel(t, { ...event.lastAttempt, error: event.lastError })}
                <Typography variant="caption" color="text.secondary" component="div">
                  {when(event.lastAttempt.at)}
                </Typography>
              </>
            ) : (
              '—'
            )}
          </TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(event.nextAttemptAt)}</TableCell>
          {canRetry ? (
            <TableCell>
              <RetryEventButton event={event} />
            </TableCell>
          ) : null}
        </TableRow>
      )}
    />
  );
}
