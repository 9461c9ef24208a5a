import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from '../../../i18n/use-translation';
import { useNavigate } from '../../../router';
import { useAdminPlayers } from '../api/get-admin-players';
import type { AdminPlayerFilter } from '../api/get-admin-players';
import { paths } from '../../../config/paths';
import { AgentLink, idOf, PlayerLink } from '../components/agent-labels';
import { ExportButton } from '../components/export-button';
import { FilterField, SortHeadCell } from '../components/filtered-table';
import { ListPage, PageHeading } from '../components/list-page';
import { formatDateTime } from '../lib/format';
import { useListPage } from '../lib/use-list-page';

interface PlayerFilterForm {
  playerId: string;
  nickname: string;
  mobile: string;
  boundAgentId: string;
}

const EMPTY: PlayerFilterForm = { playerId: '', nickname: '', mobile: '', boundAgentId: '' };

/** The form's values as the call's filter: what is blank or malformed is left out. */
export function playerFilterOf(form: PlayerFilterForm): Omit<AdminPlayerFilter, 'page' | 'pageSize'> {
  const mobile = form.mobile.trim();
  return {
    playerId: idOf(form.playerId),
    nickname: form.nickname.trim() || undefined,
    mobile: /^\d{1,11}$/.test(mobile) ? mobile : undefined,
    boundAgentId: idOf(form.boundAgentId),
  };
}

/** `#/admin/players`: every player, searched and paged on the server; a row opens the player's page. */
export function PlayersPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const list = useListPage({
    empty: EMPTY,
    checks: { playerId: 'id', mobile: 'mobile', boundAgentId: 'id' },
    filterOf: playerFilterOf,
    sort: { sort: 'createdAt', order: 'desc' },
    useList: useAdminPlayers,
  });
  const { sort } = list;
  return (
    <ListPage
      testId="page-admin-players"
      heading={
        <PageHeading title={t('adminAgents.nav.players')}>
          <ExportButton kind="players" filters={list.filter} />
        </PageHeading>
      }
      view={list}
      filterBar={{ testId: 'player-filters', applyTestId: 'player-filter-apply' }}
      filters={
        <>
          <FilterField
            label={t('adminAgents.filters.playerId')}
            {...list.filters.field('playerId')}
            slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'player-filter-id' } }}
          />
          <FilterField
            label={t('adminAgents.filters.nickname')}
            {...list.filters.field('nickname')}
            slotProps={{ htmlInput: { maxLength: 64 } }}
          />
          <FilterField
            label={t('adminAgents.filters.mobile')}
            {...list.filters.field('mobile')}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 11 } }}
          />
          <FilterField
            label={t('adminAgents.filters.boundAgentId')}
            {...list.filters.field('boundAgentId')}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
        </>
      }
      table={{
        minWidth: 860,
        testId: 'player-table',
        columns: 7,
        emptyTestId: 'player-table-empty',
        pageSizes: [10, 20, 50, 100],
      }}
      head={
        <>
          <SortHeadCell column="playerId" sort={sort}>
            {t('adminAgents.columns.playerId')}
          </SortHeadCell>
          <TableCell>{t('adminAgents.columns.nickname')}</TableCell>
          <TableCell>{t('adminAgents.columns.mobile')}</TableCell>
          <SortHeadCell column="diamonds" sort={sort} align="right">
            {t('adminAgents.columns.diamonds')}
          </SortHeadCell>
          <TableCell>{t('adminAgents.columns.boundAgent')}</TableCell>
          <TableCell>{t('adminAgents.columns.ownAgent')}</TableCell>
          <SortHeadCell column="createdAt" sort={sort}>
            {t('adminAgents.columns.createdAt')}
          </SortHeadCell>
        </>
      }
      row={(player) => (
        <TableRow
          key={player.playerId}
          hover
          sx={{ cursor: 'pointer' }}
          onClick={() => void navigate(paths.admin.player.getHref(player.playerId))}
          data-testid={`admin-player-${player.playerId}`}
        >
          <TableCell>
            <PlayerLink playerId={player.playerId} />
          </TableCell>
          <TableCell>{player.nickname}</TableCell>
          <TableCell>{player.mobile ?? ''}</TableCell>
          <TableCell align="right">{player.diamonds}</TableCell>
          <TableCell>
            {player.boundAgent ? (
              <AgentLink agentId={player.boundAgent.agentId}>
                {player.boundAgent.nickname} (#{player.boundAgent.agentId})
              </AgentLink>
            ) : (
              ''
            )}
          </TableCell>
          <TableCell>{player.agentId === null ? '' : <AgentLink agentId={player.agentId} />}</TableCell>
          <TableCell>{formatDateTime(player.createdAt, i18n.language)}</TableCell>
        </TableRow>
      )}
    />
  );
}
